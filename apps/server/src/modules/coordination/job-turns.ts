import { randomUUID } from 'node:crypto';
import type { JobTurns } from '../../lib/periodic-job.js';
import type { CoordinationRepository } from './coordination.repository.js';

/**
 * How long a turn is held while its pass runs, at least: an instance that dies mid-pass holds
 * the job up this long at most (30 s, as long as a network's bind takes to move).
 */
export const MIN_HOLD_MS = 30_000;

/**
 * The next turn is free this share of a period after a pass began: the holder's own timer, which
 * drifts a little against the database's clock, then finds it free, rather than the job
 * skipping a beat until another instance's timer comes round.
 */
const NEXT_TURN_AT = 0.9;

/**
 * Turns of background jobs for an instance on a shared PostgreSQL: a pass runs while its
 * instance holds the job's row in `job_turns` (taken in one upsert, so of racing instances
 * exactly one wins), and its end sets when the next turn is free.
 */
export function createJobTurns(repo: CoordinationRepository): JobTurns {
  const holder = randomUUID();
  return {
    async run(name, everyMs, pass) {
      if (!(await repo.takeTurn(name, holder, Math.max(everyMs, MIN_HOLD_MS)))) return false;
      const began = Date.now();
      try {
        await pass();
      } finally {
        const rest = Math.max(0, NEXT_TURN_AT * everyMs - (Date.now() - began));
        await repo.endTurn(name, holder, rest);
      }
      return true;
    },
  };
}
