import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { createBatcher } from '../../lib/batcher.js';
import type { CoordinationRepository, CounterHit } from './coordination.repository.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child`: the merged options, with the route (empty for `createRateLimit`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store on PostgreSQL, so every instance counts against one limit: the
 * hits of one turn are one upsert on `rate_limit_counters` (coordination.repository.ts
 * `hitMany`; a busy API key's requests would otherwise each wait on its counter's row), which
 * starts an ended window again in the same statement. A key hit n times in the turn goes up by n
 * and its hits get the n counts below the total, one each, as if they had come one by one. Like
 * the built-in stores, a route's own limit (`config.rateLimit`) counts apart from other routes'
 * (its key starts with the route); a limiter made with `createRateLimit` counts by its key
 * generator's key alone. The plugin makes the store with `new`, so this returns the class, bound
 * to the repository. (`continueExceeding` and `exponentialBackoff` are not supported: no route
 * uses them.)
 */
export function pgRateLimitStore(repo: CoordinationRepository): FastifyRateLimitStoreCtor {
  const answer = (counter: Promise<CounterHit>, cb: Callback) =>
    void counter.then(
      ({ hits, ttlMs }) => cb(null, { current: hits, ttl: ttlMs }),
      (error: unknown) => cb(error instanceof Error ? error : new Error(String(error))),
    );

  const hits = createBatcher(
    async (batch: Array<{ key: string; windowMs: number }>): Promise<CounterHit[]> => {
      const byKey = new Map<string, { key: string; count: number; windowMs: number }>();
      const nth = batch.map((hit) => {
        const counted = byKey.get(hit.key) ?? { key: hit.key, count: 0, windowMs: hit.windowMs };
        byKey.set(hit.key, counted);
        return counted.count++;
      });
      const keys = [...byKey.values()];
      const after = new Map((await repo.hitMany(keys)).map((counter, i) => [keys[i]!.key, counter]));
      return batch.map((hit, i) => {
        const { hits: total, ttlMs } = after.get(hit.key)!;
        return { hits: total - byKey.get(hit.key)!.count + 1 + nth[i]!, ttlMs };
      });
    },
    { maxBatch: 1000 },
  );

  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      answer(hits.add({ key: this.prefix + key, windowMs: timeWindow }), cb);
    }

    /** A look without counting (`createRateLimit`'s `{ increment: false }`). */
    read(key: string, cb: Callback): void {
      answer(repo.peek(this.prefix + key), cb);
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo;
      const scope = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}|` : '';
      return new PgRateLimitStore(undefined, this.prefix + scope);
    }
  }
  return PgRateLimitStore;
}
