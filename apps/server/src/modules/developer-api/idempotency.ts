import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { AppError } from '../../lib/app-error.js';
import type { TxContext } from '../messaging/messaging.service.js';
import { createIdempotencyRepository } from './idempotency.repository.js';

const SWEEP_EVERY_MS = 3_600_000;

export interface Answer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

export interface IdempotentRequest {
  workspaceId: string;
  /** The `Idempotency-Key` header; undefined: the work runs without one. */
  key: string | undefined;
  method: string;
  path: string;
  body: unknown;
}

/**
 * `Idempotency-Key` on the developer API's POSTs (Stripe's rules): the same key within 24 hours
 * answers with the first request's answer and never does the work twice, also when two requests
 * race. Insert first: the key's row, the work and its answer are one transaction, so a racing
 * request waits on the key's unique index and then reads the committed answer, and a request
 * that fails (a 4xx, a crash) leaves no row: the key may be tried again. The same key with
 * another method, path or body is refused (422 `IDEMPOTENCY_KEY_REUSED`).
 */
export function createIdempotency(db: Db, log: FastifyBaseLogger) {
  const repo = createIdempotencyRepository();

  return {
    /** An hourly sweep of keys past their 24 hours (a key is taken over then anyway; this frees the rows). */
    sweeper: createPeriodicJob(
      SWEEP_EVERY_MS,
      async () => {
        const removed = await repo.deleteExpired(db);
        if (removed) log.info({ removed }, 'removed expired idempotency keys');
      },
      log,
      { sharedAs: 'idempotency-key-sweep' },
    ),

    async run<T>(
      request: IdempotentRequest,
      statusCode: number,
      work: (within?: TxContext) => Promise<T>,
    ): Promise<Answer<T>> {
      if (request.key === undefined) return { statusCode, body: await work(), replayed: false };
      const after: Array<() => void> = [];
      const { key, workspaceId } = request;
      const fingerprint = createHash('sha256')
        .update(`${request.method} ${request.path}\n${JSON.stringify(request.body ?? null)}`)
        .digest('base64url');
      const answer = await db.transaction(async (tx): Promise<Answer<T>> => {
        const within: TxContext = { tx, afterCommit: (fn) => after.push(fn) };
        const claimed = await repo.claim(tx, workspaceId, key!, fingerprint);
        if (claimed) {
          const body = await work(within);
          await repo.answer(tx, claimed, statusCode, body);
          return { statusCode, body, replayed: false };
        }
        const stored = await repo.find(tx, workspaceId, key!);
        if (!stored || stored.statusCode === null) throw new Error('an idempotency key without its answer');
        if (stored.fingerprint !== fingerprint) {
          throw new AppError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used in the last 24 hours for a different request.',
          );
        }
        return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
      });
      for (const fn of after) fn();
      return answer;
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
