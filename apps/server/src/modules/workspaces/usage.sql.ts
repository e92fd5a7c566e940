import { PLANS } from '@switchboard/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The workspaces module's SQL for the usage ledger (`usage_periods`), lent to the statements
 * that queue outbound messages and give up on them (messaging's repositories): the booking
 * happens in the very statement that inserts the message, so a check and its booking cannot be
 * split by another sender, and the message remembers the period it was booked in. Import only
 * from a `*.repository.ts`.
 */

/**
 * The monthly quota of a workspace's plan (`plan` is an SQL expression of its `plan_id`), from
 * the contract's PLANS table: null for an unlimited plan, 0 for an id the table does not know.
 */
export function planQuotaSql(plan: SQL): SQL {
  const cases = Object.values(PLANS).map(
    (p) => sql`when ${p.id} then ${p.monthlySmsQuota === null ? sql`null` : sql.raw(String(p.monthlySmsQuota))}`,
  );
  return sql`(case ${plan} ${sql.join(cases, sql` `)} else 0 end)::int`;
}

/** The first day of the calendar month `at` falls in, in the workspace's zone (`w.time_zone`). */
export function periodStartSql(at: Date, timeZone: SQL): SQL {
  return sql`date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${timeZone})::date`;
}

export interface Booking {
  workspaceId: string;
  segments: number;
  /** When the segments are queued: its month in the workspace's zone is the period booked. */
  at: Date;
  /** False: booked even past the quota (legally required compliance replies). */
  enforceQuota: boolean;
  /** Books only when this holds (e.g. the recipient has not opted out); SQL over earlier CTEs. */
  onlyIf: SQL;
}

/**
 * `insert … on conflict do update … where` that books `segments` on the workspace's current
 * period unless that would pass its plan's quota. On a conflict PostgreSQL locks the period's row
 * and checks the condition against its newest committed version, so concurrent senders are
 * serialised on the row and can never book past the quota together. The caller appends
 * `returning period_start`: no row returned = not booked (over quota, or `onlyIf` false).
 */
export function bookUsage(b: Booking): SQL {
  const fits = (total: SQL, quota: SQL) => (b.enforceQuota ? sql`${total} <= coalesce(${quota}, ${total})` : sql`true`);
  return sql`insert into usage_periods (workspace_id, period_start, segments)
    select w.id, ${periodStartSql(b.at, sql`w.time_zone`)}, ${b.segments}::int from workspaces w
    where w.id = ${b.workspaceId} and (${b.onlyIf})
      and ${fits(sql`${b.segments}::int`, planQuotaSql(sql`w.plan_id`))}
    on conflict (workspace_id, period_start) do update set segments = usage_periods.segments + excluded.segments
    where ${fits(
      sql`usage_periods.segments + excluded.segments`,
      sql`(select ${planQuotaSql(sql`w.plan_id`)} from workspaces w where w.id = usage_periods.workspace_id)`,
    )}`;
}

/**
 * Like `bookUsage` for several workspaces at once: `totals` is SQL of a set with
 * `workspace_id` and `segments` (one row per workspace), each booked on its current period
 * unless that would pass its quota. Rows are locked in workspace order. The caller appends
 * `returning workspace_id, period_start`: a workspace missing from it was not booked.
 */
export function bookUsageByWorkspace(totals: SQL, at: Date): SQL {
  const quota = planQuotaSql(sql`w.plan_id`);
  return sql`insert into usage_periods (workspace_id, period_start, segments)
    select w.id, ${periodStartSql(at, sql`w.time_zone`)}, t.segments
    from (${totals}) t join workspaces w on w.id = t.workspace_id
    where t.segments <= coalesce(${quota}, t.segments)
    order by w.id
    on conflict (workspace_id, period_start) do update set segments = usage_periods.segments + excluded.segments
    where usage_periods.segments + excluded.segments <= coalesce(
      (select ${quota} from workspaces w where w.id = usage_periods.workspace_id),
      usage_periods.segments + excluded.segments)`;
}

/**
 * `update usage_periods …` giving back the segments of outbound messages given up before they
 * were sent. `rows` names a CTE of messages rows as they are after the change; those now
 * `failed` or `cancelled` (a cancelled campaign's) with no `sent_at` and a booked `usage_period`
 * count. A message reaches `failed` or `cancelled` once (every statement that fails or cancels
 * one requires an earlier state), so nothing is given back twice.
 */
export function giveBackUsage(rows: SQL): SQL {
  return sql`update usage_periods u set segments = greatest(u.segments - g.segments, 0)
    from (
      select workspace_id, usage_period, sum(segments)::int as segments from ${rows}
      where state in ('failed', 'cancelled') and sent_at is null and usage_period is not null
      group by workspace_id, usage_period
    ) g
    where u.workspace_id = g.workspace_id and u.period_start = g.usage_period`;
}
