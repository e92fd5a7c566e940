import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { pgArray } from '../../lib/pg-array.js';
import { jobTurns, rateLimitCounters } from '../../db/schema/index.js';

/** A counter after one more hit: hits in its window, and milliseconds until the window ends. */
export interface CounterHit {
  hits: number;
  ttlMs: number;
}

/**
 * What instances on one PostgreSQL share to act as one: request counters of the rate limits and
 * turns of background jobs. Not workspace data: keys are made by the server (an IP, an API key's
 * id, a job's name). Every statement is one upsert or update, atomic on the row, so instances
 * never need a lock held across statements. Times are the database's, the one clock they share.
 */
export function createCoordinationRepository(db: Db) {
  return {
    /**
     * `count` more hits on each key (distinct keys), in one statement: a window that ended starts
     * again at `count` (in the same statement, so of racing hits exactly one restarts it),
     * otherwise the count goes up. Concurrent hits on a key wait on its row and see each other's;
     * rows are locked in key order, so two instances' statements cannot deadlock. The time left
     * is from the statement's end (`clock_timestamp`), not its transaction's start: a hit that
     * waited for another's new window would otherwise be told more than the whole window.
     * Returns each key's count after its hits, in the order given.
     */
    async hitMany(hits: Array<{ key: string; count: number; windowMs: number }>): Promise<CounterHit[]> {
      const rows = await queryRows<{ key: string; hits: number; ttl_ms: number }>(
        db,
        sql`insert into ${rateLimitCounters} as c (key, hits, reset_at)
          select k, n, now() + make_interval(secs => w)
          from unnest(${pgArray(
            hits.map((h) => h.key),
            'text',
          )}, ${pgArray(
            hits.map((h) => h.count),
            'int',
          )},
            ${pgArray(
              hits.map((h) => h.windowMs / 1000),
              'float8',
            )}) as h(k, n, w)
          order by k
          on conflict (key) do update set
            hits = case when c.reset_at <= now() then excluded.hits else c.hits + excluded.hits end,
            reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
          returning key, hits, greatest(0, ceil(extract(epoch from (reset_at - clock_timestamp())) * 1000))::int as ttl_ms`,
      );
      const byKey = new Map(rows.map((row) => [row.key, { hits: row.hits, ttlMs: row.ttl_ms }]));
      return hits.map((h) => byKey.get(h.key)!);
    },

    /** The count of `key` without a hit (0 once its window ended). */
    async peek(key: string): Promise<CounterHit> {
      const [row] = await queryRows<{ hits: number; ttl_ms: number }>(
        db,
        sql`select hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms
          from ${rateLimitCounters} where key = ${key} and reset_at > now()`,
      );
      return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
    },

    /** Counters whose window ended (a new hit would start again anyway). Returns how many went. */
    async deleteEnded(): Promise<number> {
      const rows = await queryRows<{ key: string }>(
        db,
        sql`delete from ${rateLimitCounters} where reset_at <= now() returning key`,
      );
      return rows.length;
    },

    /**
     * Takes the turn of job `name` for `holdMs` if nobody holds it (or the holder's time ran out):
     * of instances asking at once, exactly one gets true.
     */
    async takeTurn(name: string, holder: string, holdMs: number): Promise<boolean> {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`insert into ${jobTurns} as t (name, holder, held_until)
          values (${name}, ${holder}, now() + make_interval(secs => ${holdMs / 1000}))
          on conflict (name) do update set holder = excluded.holder, held_until = excluded.held_until
            where t.held_until <= now()
          returning name`,
      );
      return rows.length === 1;
    },

    /** The holder ends its turn: the next one may be taken `restMs` from now (by anyone). */
    async endTurn(name: string, holder: string, restMs: number): Promise<void> {
      await db.execute(
        sql`update ${jobTurns} set held_until = now() + make_interval(secs => ${restMs / 1000})
          where name = ${name} and holder = ${holder}`,
      );
    },
  };
}

export type CoordinationRepository = ReturnType<typeof createCoordinationRepository>;
