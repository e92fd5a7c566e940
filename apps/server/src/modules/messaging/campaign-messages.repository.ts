import { sql, type SQL } from 'drizzle-orm';
import type { MessageEncoding } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { pgArray } from '../../lib/pg-array.js';
import { bookUsage, giveBackUsage } from '../workspaces/usage.sql.js';

/** A campaign's messages to queue, column by column (index i is one recipient). */
export interface CampaignBatch {
  workspaceId: string;
  campaignId: string;
  contactIds: string[];
  networkIds: string[];
  bodies: string[];
  encodings: MessageEncoding[];
  segments: number[];
  /** Each message's due time (epoch ms). */
  dues: number[];
  /** Now: the month its segments are booked in. */
  at: Date;
}

/** A queued (or failed) campaign message whose due time is worked out again. */
export interface BacklogRow {
  id: string;
  networkId: string;
  segments: number;
  phoneNumber: string;
  timeZone: string | null;
}

const timestamps = (ms: number[]) =>
  pgArray(
    ms.map((t) => new Date(t).toISOString()),
    'timestamptz',
  );

/**
 * One statement for a whole start: the quota booked once (nothing else happens when it does not
 * fit), the messages queued from the unnested rows with their due times and in their order
 * (created_at a microsecond apart). No threads yet: each message joins its contact's thread once
 * it has gone out or failed (the trigger of migrations 0010 and 0030), and the contact's "last message" time moves
 * when it is sent.
 */
function insertStatement(batch: CampaignBatch, total: number): SQL {
  // Each row names its network by its place in a short array (a campaign has a few): 100,000 small
  // numbers and due times in milliseconds parse faster than as many uuids and timestamps.
  const networks = [...new Set(batch.networkIds)];
  const networkNos = batch.networkIds.map((id) => networks.indexOf(id) + 1);
  return sql`
        with u as (
          ${bookUsage({ workspaceId: batch.workspaceId, segments: total, at: batch.at, enforceQuota: true, onlyIf: sql`true` })}
          returning period_start
        ), r as (
          select r.contact_id, (${pgArray(networks, 'uuid')})[r.network_no] as network_id, r.body, r.encoding,
            r.segments, to_timestamp(r.due_ms / 1000.0) as due, r.ord
          from unnest(${pgArray(batch.contactIds, 'uuid')}, ${pgArray(networkNos, 'int')},
            ${pgArray(batch.bodies, 'text')}, ${pgArray(batch.encodings, 'message_encoding')},
            ${pgArray(batch.segments, 'int')}, ${pgArray(batch.dues, 'float8')})
            with ordinality as r(contact_id, network_no, body, encoding, segments, due_ms, ord)
          where exists (select 1 from u)
        ), m as (
          insert into messages (workspace_id, network_id, contact_id, direction, body, encoding,
            segments, usage_period, state, origin, campaign_id, next_attempt_at, created_at, updated_at)
          select ${batch.workspaceId}, r.network_id, r.contact_id, 'out', r.body, r.encoding, r.segments,
            u.period_start, 'queued', 'campaign', ${batch.campaignId}, r.due,
            now() + make_interval(secs => r.ord / 1000000.0), now()
          from r cross join u
          returning 1
        )
        select (select period_start from u)::text as period, (select count(*) from m) as inserted`;
}

/**
 * Campaign messages, set-based: a start queues 100,000 in one statement (unnest arrays: the
 * messages, and the quota booked once for all of them, all or nothing). By campaign id: the campaigns service names only its
 * workspace's campaigns, and every function takes the workspace too.
 */
export function createCampaignMessagesRepository(db: Db) {
  return {
    /**
     * Books `total` segments and queues the batch; false (nothing written) when the quota
     * cannot cover them.
     */
    async insert(batch: CampaignBatch, total: number, tx: Db = db): Promise<boolean> {
      const [row] = await queryRows<{ period: string | null }>(tx, insertStatement(batch, total));
      return !!row?.period;
    },

    /**
     * Fresh planner statistics after a big start: the embedded database has no autovacuum, and
     * with 100,000 rows it has never counted, a campaign's recipients page is planned as a sort
     * of them all (~1 s) instead of an index range (~20 ms).
     */
    async refreshStatistics(): Promise<void> {
      await db.execute(sql`analyze messages, conversations`);
    },

    /** Queued (or failed) messages of a campaign in queue order, with what their due time needs. */
    async backlog(
      workspaceId: string,
      campaignId: string,
      state: 'queued' | 'failed',
      tx: Db = db,
    ): Promise<BacklogRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`select m.id, m.network_id, m.segments, c.phone_number, c.time_zone
          from messages m join contacts c on c.id = m.contact_id
          where m.campaign_id = ${campaignId} and m.workspace_id = ${workspaceId} and m.state = ${state}
          order by m.created_at, m.id`,
      );
      return rows.map((row) => ({
        id: row.id as string,
        networkId: row.network_id as string,
        segments: Number(row.segments),
        phoneNumber: row.phone_number as string,
        timeZone: row.time_zone as string | null,
      }));
    },

    /** New due times for queued messages (a resume spreads what is left from now). */
    async reschedule(workspaceId: string, ids: string[], dues: number[], tx: Db = db) {
      if (ids.length === 0) return;
      await tx.execute(sql`update messages m set next_attempt_at = r.due, updated_at = now()
        from unnest(${pgArray(ids, 'uuid')}, ${timestamps(dues)}) as r(id, due)
        where m.id = r.id and m.workspace_id = ${workspaceId} and m.state = 'queued'`);
    },

    /**
     * Failed messages back to the queue at new due times, their segments booked again (all or
     * nothing: false when the quota cannot cover them).
     */
    async requeueFailed(
      workspaceId: string,
      ids: string[],
      dues: number[],
      total: number,
      at: Date,
      tx: Db = db,
    ): Promise<boolean> {
      const [row] = await queryRows<{ period: string | null }>(
        tx,
        sql`with u as (
          ${bookUsage({ workspaceId, segments: total, at, enforceQuota: true, onlyIf: sql`true` })}
          returning period_start
        ), m as (
          update messages m set state = 'queued', attempts = 0, error_code = null, error_text = null,
            next_attempt_at = r.due, usage_period = u.period_start, lease_until = null, sending_at = null,
            sent_at = null, delivered_at = null, failed_at = null, provider_message_id = null, updated_at = now()
          from unnest(${pgArray(ids, 'uuid')}, ${timestamps(dues)}) as r(id, due), u
          where m.id = r.id and m.workspace_id = ${workspaceId} and m.state = 'failed'
          returning 1
        )
        select (select period_start from u)::text as period, (select count(*) from m) as changed`,
      );
      return !!row?.period;
    },

    /**
     * A cancelled campaign's messages that can no longer go: queued ones, and claims whose
     * dispatcher died. Their segments are given back, once also when a cancel and a ticker (on
     * any instance) run this at the same time. The number cancelled.
     */
    async cancelUnsent(workspaceId: string, campaignId: string, tx: Db = db): Promise<number> {
      const [row] = await queryRows<{ cancelled: number }>(
        tx,
        sql`with changed as (
          update messages set state = 'cancelled', lease_until = null, updated_at = now()
          where workspace_id = ${workspaceId} and id in (
            -- Each from its small partial index (the ticker repeats this after a cancel).
            select id from messages where campaign_id = ${campaignId} and campaign_id is not null and state = 'queued'
            union all
            select id from messages where state = 'sending' and campaign_id = ${campaignId} and lease_until < now())
            -- Checked again on the row itself: a row another statement cancelled (or claimed) while
            -- this one waited on its lock is skipped (PostgreSQL re-checks only these conditions),
            -- so its segments are given back once.
            and (state = 'queued' or (state = 'sending' and lease_until < now()))
          returning *
        ), given_back as (${giveBackUsage(sql`changed`)})
        select count(*)::int as cancelled from changed`,
      );
      return row?.cancelled ?? 0;
    },
  };
}

export type CampaignMessagesRepository = ReturnType<typeof createCampaignMessagesRepository>;
