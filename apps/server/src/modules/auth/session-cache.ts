import type { ClusterBus, ClusterTopics } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { AuthRepository } from './auth.repository.js';

/** What authenticating a request reads about its session and user (the per-request look-up). */
export type SessionCaller = NonNullable<Awaited<ReturnType<AuthRepository['findSessionCaller']>>>;

/** Which cached look-ups a revocation (or a change of the user) makes stale. */
export type SessionTarget = ClusterTopics['sessions.revoked'];

/**
 * A safety net only: revocations and role changes reach every instance within a second through
 * 'sessions.revoked' notices; this bounds how long a missed one (a crash between commit and
 * notice) can last.
 */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Most sessions kept in memory; the oldest entries go first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  caller: SessionCaller | null;
  loadedAt: number;
}

/**
 * The per-request session look-up, cached in process by session id (DESIGN §4 "Scale-out"):
 * steady traffic costs no query. Whatever makes a cached answer wrong — a logout, a revoked token
 * family, a password reset, a role change — forgets it here at once and on the other instances
 * through a notice. A look-up that started before a forget does not cache what it read, so an
 * answer read just before a revocation committed is not kept.
 */
export function createSessionCache(
  bus: ClusterBus,
  read: (sessionId: string) => Promise<SessionCaller | undefined>,
  now: () => number = Date.now,
) {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<SessionCaller | null>>();
  /** Counts forgets: a read that started before one does not cache what it read. */
  let forgets = 0;

  function remember(sessionId: string, caller: SessionCaller | null) {
    entries.delete(sessionId);
    entries.set(sessionId, { caller, loadedAt: now() });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  function forget(target: SessionTarget): void {
    forgets += 1;
    loading.clear(); // a look-up in flight may have read the old row: later callers read again
    for (const id of target.sessionIds ?? []) entries.delete(id);
    if (target.userId === undefined) return;
    for (const [id, entry] of entries) if (entry.caller?.userId === target.userId) entries.delete(id);
  }

  bus.on('sessions.revoked', forget);
  bus.onResync(() => {
    forgets += 1;
    loading.clear();
    entries.clear();
  });

  return {
    /** The session and its user, from memory when read less than the TTL ago. */
    find(sessionId: string): Promise<SessionCaller | null> {
      const cached = entries.get(sessionId);
      if (cached && now() - cached.loadedAt < SESSION_CACHE_TTL_MS) return Promise.resolve(cached.caller);
      const inFlight = loading.get(sessionId);
      if (inFlight) return inFlight;
      const started = forgets;
      const pending: Promise<SessionCaller | null> = read(sessionId)
        .then((row) => {
          const caller = row ?? null;
          if (started === forgets) remember(sessionId, caller);
          return caller;
        })
        .finally(() => {
          if (loading.get(sessionId) === pending) loading.delete(sessionId);
        });
      loading.set(sessionId, pending);
      return pending;
    },

    /**
     * After a committed change: forgets here and tells the other instances. Give `tx` when the
     * change is still in a transaction: the notice then leaves with its commit, and the caller
     * calls `forget` after the commit (forgetting before it, a concurrent look-up could cache the
     * row as it was).
     */
    async revoked(target: SessionTarget, tx?: Db): Promise<void> {
      if (!tx) forget(target);
      await bus.broadcast('sessions.revoked', target, tx);
    },

    /** Forgets here only (after the commit of a change announced with `revoked(target, tx)`). */
    forget,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
