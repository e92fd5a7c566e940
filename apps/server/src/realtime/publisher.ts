import type { ServerToClientEvents } from '@switchboard/contract';
import { userRoom, workspaceRoom, type SocketServer } from './socket-server.js';

/**
 * Sends `resource.verb` events to a workspace's sockets, or to one user's. Services get this
 * instead of the socket server, so they can be built and tested without one (a test passes a
 * recording sink).
 */
export interface EventPublisher {
  toWorkspace<E extends keyof ServerToClientEvents>(
    workspaceId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
  /** To every open tab of one user (their own room), e.g. their changed role. */
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
}

export function createEventPublisher(io: SocketServer): EventPublisher {
  return {
    toWorkspace(workspaceId, event, ...payload) {
      io.to(workspaceRoom(workspaceId)).emit(event, ...payload);
    },
    toUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
  };
}
