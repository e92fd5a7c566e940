import {
  EnteredPayloadSchema,
  PresenceSetPayloadSchema,
  type ClientToServerEvents,
  type PresenceStatus,
  type ServerToClientEvents,
} from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

interface SocketData {
  auth: AuthContext;
  /** The browser session id sent with ENTERED. */
  sessionId?: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** socket.io on the HTTP server's port, path /socket.io; it admits nobody until `admitSockets`. */
export function createSocketServer(server: HttpServer): SocketServer {
  return new Server(server, { path: '/socket.io', serveClient: false });
}

/**
 * Lets sockets in: the handshake must carry a valid access token (`auth: { token }`); sockets
 * join their workspace's and their user's rooms, so every event reaches only the workspace it
 * belongs to. Presence is announced to the workspace.
 */
export function admitSockets(app: FastifyInstance, io: SocketServer, auth: AuthService): void {
  const presence = new Map<string, PresenceStatus>();

  const announce = (ctx: AuthContext, status: PresenceStatus) => {
    // A user never announced counts as offline: a socket that left without ENTERED stays silent.
    if ((presence.get(ctx.userId) ?? 'offline') === status) return;
    if (status === 'offline') presence.delete(ctx.userId);
    else presence.set(ctx.userId, status);
    io.to(workspaceRoom(ctx.workspaceId)).emit('presence.changed', {
      userId: ctx.userId,
      status,
      at: new Date().toISOString(),
    });
  };

  io.use(async (socket, next) => {
    const fromAuth: unknown = socket.handshake.auth?.token;
    const header = socket.handshake.headers.authorization;
    const token = typeof fromAuth === 'string' ? fromAuth : header?.replace(/^Bearer /i, '');
    const ctx = token ? await auth.authenticate(token).catch(() => null) : null;
    if (!ctx) return next(new Error('UNAUTHENTICATED'));
    socket.data.auth = ctx;
    next();
  });

  io.on('connection', (socket) => {
    const ctx = socket.data.auth;
    void socket.join([workspaceRoom(ctx.workspaceId), userRoom(ctx.userId)]);

    socket.on('ENTERED', (payload, ack) => {
      const parsed = EnteredPayloadSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'ENTERED needs { email, sessionId }.' });
      if (parsed.data.email.toLowerCase() !== ctx.email) {
        return ack?.({ ok: false, error: 'The e-mail does not match the signed-in user.' });
      }
      socket.data.sessionId = parsed.data.sessionId;
      announce(ctx, 'online');
      ack?.({ ok: true });
    });

    socket.on('presence.set', (payload, ack) => {
      const parsed = PresenceSetPayloadSchema.safeParse(payload);
      if (!parsed.success) return ack?.({ ok: false, error: 'status must be online, away or dnd.' });
      announce(ctx, parsed.data.status);
      ack?.({ ok: true });
    });

    socket.on('disconnect', async () => {
      const remaining = await io.in(userRoom(ctx.userId)).fetchSockets();
      if (remaining.length === 0) announce(ctx, 'offline');
    });
  });

  // Close sockets before Fastify waits for connections to drain, or shutdown would hang on them.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
}
