import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import { pgArray } from '../../lib/pg-array.js';

/**
 * How far campaigns are: counts by state, whether anything may still be sent, when the last
 * queued message is due, sends per 10 seconds. Each read goes through one of the campaign indexes
 * (messages_campaign_due_idx for what waits, messages_campaign_idx for the rest).
 */
export function createCampaignProgressRepository(db: Db) {
  return {
    /** Whether any of the campaign's messages may still be sent (queued or being sent). */
    async hasUnfinished(campaignId: string, tx: Db = db): Promise<boolean> {
      const [row] = await queryRows<{ unfinished: boolean }>(
        tx,
        sql`select exists (select 1 from messages where campaign_id = ${campaignId} and campaign_id is not null
              and state = 'queued')
            or exists (select 1 from messages where state = 'sending' and campaign_id = ${campaignId}) as unfinished`,
      );
      return !!row?.unfinished;
    },

    /** When the last queued message of a campaign is due (null: none waits). */
    async lastDue(campaignId: string): Promise<Date | null> {
      const [row] = await queryRows<{ due: string | null }>(
        db,
        sql`select max(next_attempt_at)::text as due from messages
          where campaign_id = ${campaignId} and campaign_id is not null and state = 'queued'`,
      );
      return row?.due ? new Date(row.due) : null;
    },

    /** The worst case of a started campaign's texts: the most segments and whether any is UCS-2. */
    async shape(workspaceId: string, campaignId: string): Promise<{ maxSegments: number; ucs2: boolean }> {
      const [row] = await queryRows<{ max_segments: number | null; ucs2: boolean | null }>(
        db,
        sql`select max(segments)::int as max_segments, bool_or(encoding = 'UCS-2') as ucs2 from messages
          where campaign_id = ${campaignId} and workspace_id = ${workspaceId}`,
      );
      return { maxSegments: row?.max_segments ?? 0, ucs2: !!row?.ucs2 };
    },

    /** Counts by state and the segments of campaigns' messages; in the caller's transaction when given. */
    async countsByState(
      workspaceId: string,
      campaignIds: string[],
      tx: Db = db,
    ): Promise<Map<string, Record<string, number>>> {
      const counts = new Map<string, Record<string, number>>();
      if (campaignIds.length === 0) return counts;
      const rows = await queryRows<{ campaign_id: string; state: string; n: number; segments: number }>(
        tx,
        sql`select campaign_id, state, count(*)::int as n, sum(segments)::int as segments from messages
          where campaign_id = any(${pgArray(campaignIds, 'uuid')}) and workspace_id = ${workspaceId}
          group by campaign_id, state`,
      );
      for (const row of rows) {
        const entry = counts.get(row.campaign_id) ?? { segments: 0 };
        entry[row.state] = row.n;
        if (row.state !== 'cancelled') entry.segments = (entry.segments ?? 0) + row.segments;
        counts.set(row.campaign_id, entry);
      }
      return counts;
    },

    /** Sent, delivered and failed messages of a campaign per 10-second bucket, oldest first. */
    async throughput(workspaceId: string, campaignId: string) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select to_char(to_timestamp(floor(extract(epoch from t.at) / 10) * 10) at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
            count(*) filter (where t.kind = 'sent')::int as sent,
            count(*) filter (where t.kind = 'delivered')::int as delivered,
            count(*) filter (where t.kind = 'failed')::int as failed
          from messages m, lateral (values ('sent', m.sent_at), ('delivered', m.delivered_at), ('failed', m.failed_at))
            as t(kind, at)
          where m.campaign_id = ${campaignId} and m.workspace_id = ${workspaceId} and t.at is not null
          group by 1 order by 1`,
      );
      return rows.map((row) => camelRow<{ at: string; sent: number; delivered: number; failed: number }>(row));
    },
  };
}

export type CampaignProgressRepository = ReturnType<typeof createCampaignProgressRepository>;
