import type { PlanId } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { periodStartSql } from './usage.sql.js';

export interface UsageRow {
  planId: PlanId;
  timeZone: string;
  /** Segments booked in the period so far. */
  used: number;
  periodStart: Date;
  periodEnd: Date;
}

/** The usage ledger's reads; the writes are in the statements that queue messages (usage.sql.ts). */
export function createUsageRepository(db: Db) {
  return {
    /** The workspace's plan and the period `at` falls in, with its segments; undefined: no such workspace. */
    async current(workspaceId: string, at: Date, tx: Db = db): Promise<UsageRow | undefined> {
      const [row] = await queryRows<{
        plan_id: PlanId;
        time_zone: string;
        used: number;
        period_start: Date | string;
        period_end: Date | string;
      }>(
        tx,
        sql`select w.plan_id, w.time_zone, coalesce(u.segments, 0)::int as used,
            p.start::timestamp at time zone w.time_zone as period_start,
            (p.start + interval '1 month')::timestamp at time zone w.time_zone as period_end
          from workspaces w
          cross join lateral (select ${periodStartSql(at, sql`w.time_zone`)} as start) p
          left join usage_periods u on u.workspace_id = w.id and u.period_start = p.start
          where w.id = ${workspaceId}`,
      );
      return (
        row && {
          planId: row.plan_id,
          timeZone: row.time_zone,
          used: row.used,
          periodStart: new Date(row.period_start),
          periodEnd: new Date(row.period_end),
        }
      );
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
