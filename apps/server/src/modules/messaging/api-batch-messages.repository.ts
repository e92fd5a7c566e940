import { sql } from 'drizzle-orm';
import type { MessageEncoding, MessageState } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { pgArray } from '../../lib/pg-array.js';
import { upsertContactNumbers } from '../contacts/contacts.sql.js';
import { bookUsage, giveBackUsage } from '../workspaces/usage.sql.js';

/** A developer API batch's messages to queue, column by column (index i is one recipient). */
export interface ApiBatchRows {
  workspaceId: string;
  networkId: string;
  batchId: string;
  contactIds: string[];
  bodies: string[];
  encodings: MessageEncoding[];
  segments: number[];
  /** Each message's due time (epoch ms); null: at once. */
  dues: Array<number | null>;
  metadata: Record<string, string> | null;
  callbackEndpointId: string | null;
  /** Now: the month its segments are booked in. */
  at: Date;
}

/** A recipient's contact as the batch needs it: found or added, and whether it opted out. */
export interface BatchContact {
  id: string;
  phoneNumber: string;
  optedOut: boolean;
}

/**
 * A developer API batch's messages, set-based like a campaign start's: the contacts found or
 * added in one statement, then the quota booked once for the whole batch and every message
 * queued in one more (nothing when the quota cannot cover them). By batch id and workspace.
 */
export function createApiBatchMessagesRepository(db: Db) {
  return {
    /** Finds or adds the contacts of these (distinct) numbers, locking them for the caller's transaction. */
    async contacts(workspaceId: string, phoneNumbers: string[], tx: Db = db): Promise<BatchContact[]> {
      if (phoneNumbers.length === 0) return [];
      const rows = await queryRows<{ id: string; phone_number: string; opted_out: boolean }>(
        tx,
        sql`${upsertContactNumbers(workspaceId, phoneNumbers)}
          returning id, phone_number, opted_out_at is not null as opted_out`,
      );
      return rows.map((row) => ({ id: row.id, phoneNumber: row.phone_number, optedOut: row.opted_out }));
    },

    /**
     * Books `total` segments and queues the rows (no threads yet: each joins its contact's thread
     * once it has gone out or failed, the trigger of migrations 0010 and 0030); false (nothing written) over the quota.
     */
    async insert(rows: ApiBatchRows, total: number, tx: Db = db): Promise<boolean> {
      const [row] = await queryRows<{ period: string | null }>(
        tx,
        sql`with u as (
          ${bookUsage({ workspaceId: rows.workspaceId, segments: total, at: rows.at, enforceQuota: true, onlyIf: sql`true` })}
          returning period_start
        ), r as (
          select r.contact_id, r.body, r.encoding, r.segments, to_timestamp(r.due_ms / 1000.0) as due, r.ord
          from unnest(${pgArray(rows.contactIds, 'uuid')}, ${pgArray(rows.bodies, 'text')},
            ${pgArray(rows.encodings, 'message_encoding')}, ${pgArray(rows.segments, 'int')},
            ${pgArray(rows.dues, 'float8')}) with ordinality as r(contact_id, body, encoding, segments, due_ms, ord)
          where exists (select 1 from u)
        ), m as (
          insert into messages (workspace_id, network_id, contact_id, direction, body, encoding, segments,
            usage_period, state, origin, metadata, batch_id, callback_endpoint_id, next_attempt_at,
            created_at, updated_at)
          select ${rows.workspaceId}, ${rows.networkId}, r.contact_id, 'out', r.body, r.encoding, r.segments,
            u.period_start, 'queued', 'api', ${rows.metadata ? JSON.stringify(rows.metadata) : null}::jsonb,
            ${rows.batchId}, ${rows.callbackEndpointId}::uuid, r.due,
            now() + make_interval(secs => r.ord / 1000000.0), now()
          from r cross join u
          returning 1
        )
        select (select period_start from u)::text as period, (select count(*) from m) as inserted`,
      );
      return !!row?.period;
    },

    /**
     * Cancels a batch's messages still queued and gives their segments back, in one statement (a
     * dispatcher's claim locks a row, so each message is either claimed or cancelled); how many.
     */
    async cancelQueued(workspaceId: string, batchId: string): Promise<number> {
      const [row] = await queryRows<{ cancelled: number }>(
        db,
        sql`with changed as (
          update messages set state = 'cancelled', lease_until = null, updated_at = now()
          where batch_id = ${batchId} and batch_id is not null and workspace_id = ${workspaceId}
            and state = 'queued'
          returning *
        ), given_back as (${giveBackUsage(sql`changed`)})
        select count(*)::int as cancelled from changed`,
      );
      return Number(row?.cancelled ?? 0);
    },

    /** How many of a batch's messages are in each state. */
    async countsByState(workspaceId: string, batchId: string): Promise<Partial<Record<MessageState, number>>> {
      const rows = await queryRows<{ state: MessageState; count: number }>(
        db,
        sql`select state, count(*)::int as count from messages
          where batch_id = ${batchId} and batch_id is not null and workspace_id = ${workspaceId}
          group by state`,
      );
      return Object.fromEntries(rows.map((row) => [row.state, Number(row.count)]));
    },
  };
}
