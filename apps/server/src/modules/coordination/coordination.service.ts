import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { createCoordinationRepository } from './coordination.repository.js';
import { createJobTurns } from './job-turns.js';
import { pgRateLimitStore } from './pg-rate-limit-store.js';

/** Ended rate-limit windows are deleted this often (a window is a minute; keys are IPs and keys). */
const COUNTER_SWEEP_MS = 10 * 60_000;

/**
 * What makes several instances on one PostgreSQL act as one where memory would not do: the rate
 * limits' counters (@fastify/rate-limit's store) and the background jobs' turns. Only for a
 * shared PostgreSQL: the embedded database is one process, whose memory is the whole truth, so
 * it keeps the in-memory counters and runs every pass (no query on those hot paths).
 */
export function createCoordination(db: Db, log: FastifyBaseLogger) {
  const repo = createCoordinationRepository(db);
  return {
    /** The store of @fastify/rate-limit (per-IP limits of routes and the per-API-key limit). */
    rateLimitStore: pgRateLimitStore(repo),
    /** Turns of the shared background jobs (lib/periodic-job.ts `sharedAs`, the campaigns' ticker). */
    turns: createJobTurns(repo),
    /** Deletes ended counters, on one instance a period. */
    counterSweep: createPeriodicJob(
      COUNTER_SWEEP_MS,
      async () => {
        const removed = await repo.deleteEnded();
        if (removed) log.debug({ removed }, 'removed ended rate-limit counters');
      },
      log,
      { sharedAs: 'rate-limit-counter-sweep' },
    ),
  };
}

export type Coordination = ReturnType<typeof createCoordination>;
