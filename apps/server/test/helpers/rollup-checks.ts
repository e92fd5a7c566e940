import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/database.js';

const inWorkspace = (workspaceId?: string) => (workspaceId ? sql`workspace_id = ${workspaceId}` : sql`true`);

const rollupLine = sql`concat_ws('|', workspace_id, hour::text, network_id, campaign_id, direction, state, origin,
  error_code, messages, segments)`;
const groupedLine = sql`concat_ws('|', workspace_id, date_trunc('hour', created_at, 'UTC')::text, network_id,
  coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'), direction, state, coalesce(origin::text, ''),
  coalesce(error_code, ''), count(*), sum(segments))`;

/**
 * The roll-up's rows that count something (of one workspace, or all) and what they must say, a
 * GROUP BY over the messages themselves, as comparable lines. One statement, one snapshot:
 * dispatchers may be moving messages meanwhile.
 */
export async function rollupAndGroupedLines(
  db: Db,
  workspaceId?: string,
): Promise<{ rollup: string[]; grouped: string[] }> {
  const [row] = await queryRows<{ rollup: string[] | null; grouped: string[] | null }>(
    db,
    sql`select
      (select array_agg(${rollupLine}) from message_stats_hourly
        where (messages <> 0 or segments <> 0) and ${inWorkspace(workspaceId)}) as rollup,
      (select array_agg(line order by line) from (
        select ${groupedLine} as line from messages
        where workspace_id in (select id from workspaces) and ${inWorkspace(workspaceId)}
        group by workspace_id, date_trunc('hour', created_at, 'UTC'), network_id, campaign_id, direction, state,
          origin, error_code) g) as grouped`,
  );
  return { rollup: (row!.rollup ?? []).sort(), grouped: (row!.grouped ?? []).sort() };
}

export { migrationStatementAfter } from '../../scripts/rollup-backfill.js';

/**
 * The response-time histogram's rows that count something, at its hourly and its daily level, and
 * what they must say, GROUP BYs over response_times with the same rounding (two significant
 * digits), as comparable lines.
 */
export async function histogramAndGroupedLines(
  db: Db,
  workspaceId?: string,
): Promise<{ histogram: string[]; grouped: string[]; daily: string[]; groupedDaily: string[] }> {
  const bucket = sql`case when seconds < 100 then seconds
    else seconds / (10 ^ (length(seconds::text) - 2))::int * (10 ^ (length(seconds::text) - 2))::int end`;
  const grouped = (
    unit: 'hour' | 'day',
  ) => sql`(select array_agg(concat_ws('|', workspace_id, at::text, bucket, n)) from (
      select workspace_id, at, bucket, count(*) as n from (
        select workspace_id, date_trunc(${unit}, responded_at, 'UTC') as at, ${bucket} as bucket
        from response_times where ${inWorkspace(workspaceId)}) r
      group by 1, 2, 3) g)`;
  const [row] = await queryRows<Record<'histogram' | 'grouped' | 'daily' | 'grouped_daily', string[] | null>>(
    db,
    sql`select
      (select array_agg(concat_ws('|', workspace_id, hour::text, seconds, stretches)) from response_time_stats_hourly
        where stretches <> 0 and ${inWorkspace(workspaceId)}) as histogram,
      ${grouped('hour')} as grouped,
      (select array_agg(concat_ws('|', workspace_id, day::text, seconds, stretches)) from response_time_stats_daily
        where stretches <> 0 and ${inWorkspace(workspaceId)}) as daily,
      ${grouped('day')} as grouped_daily`,
  );
  const sorted = (lines: string[] | null) => (lines ?? []).sort();
  return {
    histogram: sorted(row!.histogram),
    grouped: sorted(row!.grouped),
    daily: sorted(row!.daily),
    groupedDaily: sorted(row!.grouped_daily),
  };
}
