import {
  EnteredPayloadSchema,
  PresenceSetPayloadSchema,
  type ClientToServerEvents,
  type PresenceStatus,
  type ServerToClientEvents,
} from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server } from 'socket.io';
import { createBatcher } from '../lib/batcher.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

interface SocketData {
  auth: AuthContext;
  /** The browser session id sent with ENTERED. */
  sessionId?: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const workspaceRoom = (workspaceId: string) => `workspace:${workspaceId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * socket.io on the HTTP server's port, path /socket.io; it admits nobody until `admitSockets`.
 * Given PostgreSQL's pool (several instances may share it), events go through socket.io's
 * PostgreSQL adapter: a room's event reaches its sockets on every instance (NOTIFY, or a row of
 * socket_io_attachments when too large). Without one, socket.io's in-memory adapter (one process).
 */
export function createSocketServer(
  server: HttpServer,
  shared?: { pool: pg.Pool; log: { warn(obj: object, msg: string): void } },
): SocketServer {
  const io: SocketServer = new Server(server, { path: '/socket.io', serveClient: false });
  if (shared) {
    const errorHandler = (error: unknown) => shared.log.warn({ err: error }, 'the socket.io PostgreSQL adapter failed');
    io.adapter(createAdapter(adapterPool(shared.pool, errorHandler), { errorHandler }));
  }
  return io;
}

/**
 * The pool as the adapter sees it. The adapter keeps a pooled client for LISTEN without an
 * 'error' listener: a terminated backend (restart, failover) would throw in the process. Here its
 * error is logged and the client given back broken (the pool drops it and frees its slot); the
 * 'end' that follows makes the adapter take a new client and listen again.
 */
function adapterPool(pool: pg.Pool, onError: (error: unknown) => void): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    client.on('error', (error) => {
      onError(error);
      try {
        client.release(error);
      } catch {
        // Released already (the adapter closed it).
      }
    });
    return client;
  };
  const notify = batchedNotify(pool);
  const query = async (text: string, values?: unknown[]) => {
    if (text !== ADAPTER_NOTIFY || !values) return pool.query(text, values);
    const failed = await notify.add({ channel: String(values[0]), payload: String(values[1]) });
    if (failed) throw failed;
  };
  // The adapter calls only these two (@socket.io/postgres-adapter 0.5: util.js).
  return { connect, query } as unknown as pg.Pool;
}

/** How the adapter publishes an event (util.js `publish`): one statement, one round trip, each. */
const ADAPTER_NOTIFY = 'SELECT pg_notify($1, $2)';

/**
 * The adapter's NOTIFYs of one turn in one statement, in the order they were asked for (a send
 * publishes two events and every one was a round trip of its own). PostgreSQL delivers identical
 * notifications of one transaction once, so a repeat starts the next statement instead. Each
 * caller gets the error of its own statement, if any (never a second try: no event twice).
 */
function batchedNotify(pool: pg.Pool) {
  return createBatcher(
    async (notices: Array<{ channel: string; payload: string }>) => {
      const failures: Array<unknown> = [];
      for (const chunk of withoutRepeats(notices)) {
        const failed = await pool
          .query('select pg_notify(c, p) from unnest($1::text[], $2::text[]) as n(c, p)', [
            chunk.map((n) => n.channel),
            chunk.map((n) => n.payload),
          ])
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        failures.push(...chunk.map(() => failed));
      }
      return failures;
    },
    { maxBatch: 500 },
  );
}

/** Consecutive runs of notices in which no (channel, payload) comes twice. */
function withoutRepeats<T extends { channel: string; payload: string }>(notices: T[]): T[][] {
  const chunks: T[][] = [];
  let seen = new Set<string>();
  for (const notice of notices) {
    const key = `${notice.channel}\u0000${notice.payload}`;
    if (seen.has(key) || chunks.length === 0) {
      chunks.push([]);
      seen = new Set();
    }
    seen.add(key);
    chunks.at(-1)!.push(notice);
  }
  return chunks;
}

/**
 * Lets sockets in: the handshake must carry a valid access token (`auth: { token }`); sockets
 * join their workspace's and their user's rooms, so every event reaches only the workspace it
 * belongs to. Presence is announced to the workspace.
 */
export function admitSockets(app: FastifyInstance, io: SocketServer, auth: AuthService): void {
  // Presence as announced by this instance, for users with sockets here: it only keeps an instance
  // from announcing the same status twice. Several instances each announce what their own sockets
  // say, so the last announcement wins; "offline" waits until no instance has a socket of the user.
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

  /** Whether the user still has a socket on any instance (this one's alone if another does not answer). */
  async function stillConnected(userId: string): Promise<boolean> {
    const anywhere = await io
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => io.local.in(userRoom(userId)).fetchSockets());
    return anywhere.length > 0;
  }

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
      if (!(await stillConnected(ctx.userId))) return announce(ctx, 'offline');
      // Sockets left elsewhere only: forget ours, so a socket coming back here announces again.
      if ((await io.local.in(userRoom(ctx.userId)).fetchSockets()).length === 0) presence.delete(ctx.userId);
    });
  });

  // Close sockets before Fastify waits for connections to drain, or shutdown would hang on them.
  // The adapter stops before the database closes its pool (onClose hooks run after preClose).
  app.addHook('preClose', async () => {
    // This instance's sockets only: with the adapter, io.disconnectSockets would close every instance's.
    io.local.disconnectSockets(true);
    io.engine.close();
    io.of('/').adapter.close();
  });
}
