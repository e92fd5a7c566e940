import type { CampaignState, MessageState } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import {
  campaignNamesSql,
  campaignsStartedBucketsSql,
  latestStartedCampaignsSql,
} from '../campaigns/campaign-stats.sql.js';
import { optOutBucketsSql } from '../contacts/consent-stats.sql.js';
import { failureTextSql, latestOutboundSql, repliesBySenderSql } from '../messaging/message-stats.sql.js';
import { voiceBucketsSql } from '../voice/voice-stats.sql.js';
import { startsArray, type Buckets } from './analytics.repository.js';
import { levelPieces, type LevelPiece } from './rollup-levels.js';

/**
 * The control panel's figures that are not message counts: opt-outs, voice messages, campaigns
 * started (their owners lend the SQL), the median first-response time (the hourly and daily histograms
 * of `response_times`, kept beside the roll-up), the latest dispatched messages and campaigns, and one member's replies.
 */

export interface BucketValue {
  bucket: number;
  value: number | null;
}

export interface LatestMessageRow {
  id: string;
  network_id: string;
  phone_number: string;
  state: MessageState;
  segments: number;
  at: Date | string;
}

export interface LatestCampaignRow {
  id: string;
  name: string;
  state: CampaignState;
  at: Date | string;
}

/** The histogram's rows (at, seconds, stretches) of the pieces, each from its level. */
const histogramRows = (workspaceId: string, pieces: LevelPiece[]) =>
  sql.join(
    pieces.map(({ level, from, to }) => {
      const [table, at] =
        level === 'day' ? [sql`response_time_stats_daily`, sql`day`] : [sql`response_time_stats_hourly`, sql`hour`];
      return sql`select ${at} as at, seconds, stretches from ${table} where workspace_id = ${workspaceId}
        and ${at} >= ${from.toISOString()}::timestamptz and ${at} < ${to.toISOString()}::timestamptz`;
    }),
    sql` union all `,
  );

const counted = (b: Buckets) => ({ starts: startsArray(b.starts), from: b.starts[0]!, end: b.end });

export function createAnalyticsSideRepository(db: Db) {
  return {
    optOuts: (workspaceId: string, b: Buckets) => queryRows<BucketValue>(db, optOutBucketsSql(workspaceId, counted(b))),
    voiceMessages: (workspaceId: string, b: Buckets) =>
      queryRows<BucketValue>(db, voiceBucketsSql(workspaceId, counted(b))),
    campaignsStarted: (workspaceId: string, b: Buckets) =>
      queryRows<BucketValue>(db, campaignsStartedBucketsSql(workspaceId, counted(b))),

    /**
     * The median seconds to the first reply per bucket, from the histogram of answered stretches
     * (seconds rounded down to two significant digits): its whole UTC days from the daily level,
     * the rest from the hourly one. The lower median: the smallest value at which half of the
     * bucket's stretches are counted.
     */
    medianResponse: (workspaceId: string, b: Buckets) =>
      queryRows<BucketValue>(
        db,
        sql`with h as (
            select width_bucket(at, ${startsArray(b.starts)}) as bucket, seconds, sum(stretches) as n
            from (${histogramRows(workspaceId, levelPieces(b))}) r
            group by 1, 2 having sum(stretches) > 0
          ), c as (
            select bucket, seconds, sum(n) over (partition by bucket order by seconds) as cum,
              sum(n) over (partition by bucket) as total
            from h
          )
          select bucket, min(seconds)::float8 as value from c where cum * 2 >= total group by bucket`,
      ),

    latestOutbound: (workspaceId: string, networkIds: string[], limit: number) =>
      networkIds.length === 0
        ? Promise.resolve([])
        : queryRows<LatestMessageRow>(db, latestOutboundSql(workspaceId, networkIds, limit)),
    latestCampaigns: (workspaceId: string, limit: number) =>
      queryRows<LatestCampaignRow>(db, latestStartedCampaignsSql(workspaceId, limit)),
    campaignNames: (workspaceId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : queryRows<{ id: string; name: string }>(db, campaignNamesSql(workspaceId, ids)),

    /** A sample error text of `code` among one network's failed messages of one hour; null if none has one. */
    async failureText(workspaceId: string, sample: { networkId: string; hour: Date; code: string }) {
      const [row] = await queryRows<{ error_text: string }>(db, failureTextSql(workspaceId, sample));
      return row?.error_text ?? null;
    },

    /** One member's inbox replies: before and from `split`, within [since, until). */
    async repliesBy(workspaceId: string, userId: string, at: { since: Date; split: Date; until: Date }) {
      const [row] = await queryRows<{ before: number; after: number }>(db, repliesBySenderSql(workspaceId, userId, at));
      return row ?? { before: 0, after: 0 };
    },
  };
}

export type AnalyticsSideRepository = ReturnType<typeof createAnalyticsSideRepository>;
