import type { MessageState } from '@switchboard/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { pgArray } from '../../lib/pg-array.js';

/**
 * Reads of the hourly roll-up `message_stats_hourly` (kept by triggers on messages in the same
 * transaction, migration 0024): every message count of the control panel comes from here, never
 * from scanning messages. Buckets are given as their ascending starts and an exclusive end; a row
 * counts in bucket `width_bucket(hour, starts)` (1-based).
 */

/** The campaign id of rows outside any campaign. */
export const NO_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

export interface Buckets {
  starts: Date[];
  end: Date;
}

export interface RollupCell {
  bucket: number;
  direction: 'in' | 'out';
  state: MessageState;
  /** '' when none. */
  origin: string;
  messages: number;
}

export interface GroupCell {
  id: string;
  direction: 'in' | 'out';
  state: MessageState;
  messages: number;
}

export const startsArray = (starts: Date[]) =>
  pgArray(
    starts.map((d) => d.toISOString()),
    'timestamptz',
  );

const within = (workspaceId: string, from: Date, end: Date) =>
  sql`workspace_id = ${workspaceId} and hour >= ${from.toISOString()}::timestamptz and hour < ${end.toISOString()}::timestamptz`;

export function createAnalyticsRepository(db: Db) {
  return {
    /** Messages per bucket, direction, state and origin. */
    cells: (workspaceId: string, b: Buckets) =>
      queryRows<RollupCell>(
        db,
        sql`select width_bucket(hour, ${startsArray(b.starts)}) as bucket, direction, state, origin,
            sum(messages)::int as messages
          from message_stats_hourly where ${within(workspaceId, b.starts[0]!, b.end)}
          group by 1, 2, 3, 4`,
      ),

    /**
     * The most frequent error codes of failed outbound messages ('' = none given), each with the
     * latest hour and a network it failed in (where failureText looks for a sample text).
     */
    failureCodes: (workspaceId: string, from: Date, to: Date, limit: number) =>
      queryRows<{ code: string; count: number; network_id: string; hour: Date | string }>(
        db,
        // Grouped by code alone (a hash, no sort of the failed rows), then one index look-up per code.
        sql`with top as (
            select error_code as code, sum(messages)::int as count, max(hour) as hour
            from message_stats_hourly
            where ${within(workspaceId, from, to)} and direction = 'out' and state = 'failed' and messages > 0
            group by error_code having sum(messages) > 0 order by 2 desc, 1 limit ${limit})
          select code, count, hour, (select s.network_id from message_stats_hourly s
              where s.workspace_id = ${workspaceId} and s.hour = top.hour and s.direction = 'out'
                and s.state = 'failed' and s.error_code = top.code and s.messages > 0 limit 1) as network_id
          from top order by count desc, code`,
      ),

    /** Messages per network, direction and state. */
    byNetwork: (workspaceId: string, from: Date, to: Date) => groupedBy(db, sql`network_id`, workspaceId, from, to),

    /** Outbound messages per campaign and state, the `limit` campaigns with the most. */
    byCampaign: (workspaceId: string, from: Date, to: Date, limit: number) =>
      queryRows<GroupCell>(
        db,
        sql`with top as (
            select campaign_id from message_stats_hourly
            where ${within(workspaceId, from, to)} and direction = 'out' and campaign_id <> ${NO_CAMPAIGN}
            group by campaign_id having sum(messages) > 0 order by sum(messages) desc, campaign_id limit ${limit})
          select s.campaign_id as id, s.direction, s.state, sum(s.messages)::int as messages
          from message_stats_hourly s join top using (campaign_id)
          where ${within(workspaceId, from, to)} and s.direction = 'out'
          group by 1, 2, 3`,
      ),

    /** Recipients (outbound messages, any time) of the workspace's campaigns among `ids`. */
    campaignRecipients: (workspaceId: string, ids: string[]) =>
      queryRows<{ id: string; count: number }>(
        db,
        sql`select campaign_id as id, sum(messages)::int as count from message_stats_hourly
          where workspace_id = ${workspaceId} and campaign_id = any(${pgArray(ids, 'uuid')}) and direction = 'out'
          group by campaign_id`,
      ),
  };
}

function groupedBy(db: Db, column: SQL, workspaceId: string, from: Date, to: Date) {
  return queryRows<GroupCell>(
    db,
    sql`select ${column} as id, direction, state, sum(messages)::int as messages
      from message_stats_hourly where ${within(workspaceId, from, to)}
      group by 1, 2, 3`,
  );
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
