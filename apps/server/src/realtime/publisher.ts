import type { ServerToClientEvents } from '@switchboard/contract';
import { workspaceRoom, type SocketServer } from './socket-server.js';

/**
 * Sends `resource.verb` events to a workspace's sockets. Services get this instead of the
 * socket server, which is attached after they are built.
 */
export interface EventPublisher {
  toWorkspace<E extends keyof ServerToClientEvents>(
    workspaceId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
}

export function createEventPublisher(io: () => SocketServer | undefined): EventPublisher {
  return {
    toWorkspace(workspaceId, event, ...payload) {
      io()
        ?.to(workspaceRoom(workspaceId))
        .emit(event, ...payload);
    },
  };
}
