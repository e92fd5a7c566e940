import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CoordinationRepository, CounterHit } from './coordination.repository.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands `child`: the merged options, with the route (empty for `createRateLimit`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * @fastify/rate-limit's store on PostgreSQL, so every instance counts against one limit: each
 * hit is one upsert on `rate_limit_counters` (coordination.repository.ts `hit`), which starts
 * an ended window again in the same statement. Like the built-in stores, a route's own limit
 * (`config.rateLimit`) counts apart from other routes' (its key starts with the route); a
 * limiter made with `createRateLimit` counts by its key generator's key alone. The plugin makes
 * the store with `new`, so this returns the class, bound to the repository.
 * (`continueExceeding` and `exponentialBackoff` are not supported: no route uses them.)
 */
export function pgRateLimitStore(repo: CoordinationRepository): FastifyRateLimitStoreCtor {
  const answer = (counter: Promise<CounterHit>, cb: Callback) =>
    void counter.then(
      ({ hits, ttlMs }) => cb(null, { current: hits, ttl: ttlMs }),
      (error: unknown) => cb(error instanceof Error ? error : new Error(String(error))),
    );

  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number): void {
      answer(repo.hit(this.prefix + key, timeWindow), cb);
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
