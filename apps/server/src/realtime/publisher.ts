import type { ServerToClientEvents, SessionRevoked } from '@switchboard/contract';
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
      // On PostgreSQL the cluster adapter delivers even a local emit after its own publish: the
      // close waits a moment, so the tab reads the reason before its socket goes.
      if (event === 'session.revoked')
        setTimeout(() => {
          // A server shut down meanwhile has nothing left to close.
          closeRevoked(io, userId, payload[0] as SessionRevoked).catch(() => undefined);
        }, CLOSE_AFTER_MS).unref();
    },
  };
}

const CLOSE_AFTER_MS = 1_000;

/**
 * A revoked session's sockets are told (`session.revoked`, sent just before) and then closed, on
 * every instance: a socket admitted with the session's token would otherwise keep receiving the
 * workspace's events until its client chose to leave. All of the user's sockets when no session
 * is named (blocked, deactivated, removed).
 */
async function closeRevoked(io: SocketServer, userId: string, revoked: SessionRevoked): Promise<void> {
  if (!revoked.sessionId) return void io.in(userRoom(userId)).disconnectSockets();
  const sockets = await io
    .in(userRoom(userId))
    .fetchSockets()
    .catch(() => io.local.in(userRoom(userId)).fetchSockets());
  for (const socket of sockets) if (socket.data.auth.sessionId === revoked.sessionId) socket.disconnect();
}
