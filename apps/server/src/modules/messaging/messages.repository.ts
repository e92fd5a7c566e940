import { and, asc, eq, sql } from 'drizzle-orm';
import type { MessageEncoding, MessageOrigin } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { conversations, messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { contactsTable, upsertContacts } from '../contacts/contacts.sql.js';
import { bookUsage } from '../workspaces/usage.sql.js';
import { outboundThreadOnConflict } from './conversations.sql.js';
import { previewOf, type ContactRow, type ConversationRow, type MessageRow } from './message-rows.js';

/**
 * The outcome of queueing: no message (and no conversation) when the contact opted out or the
 * segments would pass the workspace's monthly quota (`contact.optedOutAt` tells which).
 */
export interface QueuedOutbound {
  contact: ContactRow;
  conversation: ConversationRow | null;
  message: MessageRow | null;
}

export interface NewOutbound {
  workspaceId: string;
  networkId: string;
  /** E.164. */
  phoneNumber: string;
  body: string;
  encoding: MessageEncoding;
  segments: number;
  origin: MessageOrigin;
  metadata: Record<string, string> | null;
  /** When it is queued: the month (in the workspace's zone) its segments are booked in. */
  at: Date;
  /** False: booked even past the quota (legally required compliance replies). */
  enforceQuota: boolean;
  /** Not sent before this time (the developer API's `sendAt`); null: at once. */
  notBefore: Date | null;
  /** The callback target its state changes also go to (the developer API's `callbackUrl`). */
  callbackEndpointId: string | null;
  /** The user who wrote it (an inbox reply); null otherwise. */
  sentBy: string | null;
}

/** Conversations and messages of a workspace; every function takes `workspaceId`. */
export function createMessagesRepository(db: Db) {
  return {
    /**
     * Queues an outbound message to a number in one statement: finds or adds the contact, books
     * its segments on the workspace's usage period (the quota checked on the locked period row),
     * moves its conversation to the top (no unread bump) and inserts the message with the period
     * it was booked in, unless the contact opted out or the quota is used up. `message` and
     * `conversation` are null then (nothing was queued or booked).
     */
    async insertOutbound(input: NewOutbound, tx: Db = db): Promise<QueuedOutbound> {
      const [row] = await queryRows<Record<'contact' | 'conversation' | 'message', Record<string, unknown> | null>>(
        tx,
        sql`
        with c as (
          ${upsertContacts([input])}
          returning *
        ), u as (
          ${bookUsage({
            workspaceId: input.workspaceId,
            segments: input.segments,
            at: input.at,
            enforceQuota: input.enforceQuota,
            onlyIf: sql`exists (select 1 from c where c.opted_out_at is null)`,
          })}
          returning period_start
        ), v as (
          insert into conversations (workspace_id, network_id, contact_id, last_message_at, last_message_preview)
          select ${input.workspaceId}, ${input.networkId}, c.id, now(), ${previewOf(input.body)} from c, u
          where c.opted_out_at is null
          ${outboundThreadOnConflict}
          returning *
        ), m as (
          insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
            segments, usage_period, state, origin, metadata, next_attempt_at, callback_endpoint_id, sent_by, created_at)
          select ${input.workspaceId}, ${input.networkId}, v.id, v.contact_id, 'out', ${input.body},
            ${input.encoding}, ${input.segments}, u.period_start, 'queued', ${input.origin},
            ${input.metadata ? JSON.stringify(input.metadata) : null}::jsonb,
            ${input.notBefore ? input.notBefore.toISOString() : null}::timestamptz,
            ${input.callbackEndpointId}::uuid, ${input.sentBy}::uuid, clock_timestamp() from v, u
          returning *
        )
        select row_to_json(c) as contact, (select row_to_json(v) from v) as conversation,
          (select row_to_json(m) from m) as message from c`,
      );
      return {
        contact: camelRow<ContactRow>(row!.contact!),
        conversation: row!.conversation ? camelRow<ConversationRow>(row!.conversation) : null,
        message: row!.message ? camelRow<MessageRow>(row!.message) : null,
      };
    },

    async findById(workspaceId: string, id: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.workspaceId, workspaceId), eq(messages.id, id)));
      return row;
    },

    /** Both directions between one number and a network, oldest first (the sandbox phone). */
    async threadWith(
      workspaceId: string,
      networkId: string,
      phoneNumber: string,
      limit: number,
    ): Promise<MessageRow[]> {
      const rows = await db
        .select({ message: messages })
        .from(messages)
        .innerJoin(contactsTable, eq(contactsTable.id, messages.contactId))
        .where(
          and(
            eq(messages.workspaceId, workspaceId),
            eq(messages.networkId, networkId),
            eq(contactsTable.phoneNumber, phoneNumber),
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(limit);
      return rows.map((r) => r.message);
    },

    /**
     * The conversation of (network, contact) for a voice message, made when new without showing
     * in the SMS inbox (`has_sms` false); its unread count, time and preview stay as they are.
     */
    async ensureVoiceThread(workspaceId: string, networkId: string, contactId: string): Promise<string> {
      const [row] = await db
        .insert(conversations)
        .values({ workspaceId, networkId, contactId, hasSms: false })
        .onConflictDoUpdate({
          target: [conversations.networkId, conversations.contactId],
          set: { contactId: sql`excluded.contact_id` },
        })
        .returning({ id: conversations.id });
      return row!.id;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
