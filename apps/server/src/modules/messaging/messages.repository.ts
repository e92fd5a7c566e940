import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MessageEncoding, MessageOrigin } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { contacts, messages } from '../../db/schema/index.js';
import { camelRow, previewOf, type ContactRow, type ConversationRow, type MessageRow } from './message-rows.js';

/** A delivery report addressed by the channel's id (see advanceMany). */
export interface StatusAdvance {
  networkId: string;
  providerMessageId: string;
  state: 'sending' | 'sent' | 'delivered' | 'failed';
  /** The state's place in queued → sending → sent → delivered/failed. */
  rank: number;
  at: Date;
  errorCode?: string;
  errorText?: string;
}

/** A send the channel accepted. */
export interface SentRecord {
  id: string;
  providerMessageId: string;
  state: 'sent' | 'delivered';
}

/** The outcome of queueing: no message (and no conversation) when the contact opted out. */
export interface QueuedOutbound {
  contact: ContactRow;
  conversation: ConversationRow | null;
  message: MessageRow | null;
}

/** A message claimed for sending, with its recipient's number. */
export type ClaimedMessage = MessageRow & { toNumber: string };

export interface StoredMessage {
  message: MessageRow;
  conversation: ConversationRow;
  contact: ContactRow;
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
}

/** Outbound states in order (of `messages m`): a report never moves a message backwards. */
const STATE_RANK = sql`(case m.state when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 else 3 end)`;

/** What a report moving a message of `messages m` forward sets; `v` holds its state, time and error. */
function advanceAssignments(v: { state: SQL; at: SQL; code: SQL; text: SQL }): SQL {
  return sql`state = ${v.state}::message_state, lease_until = null,
    sent_at = case when ${v.state} in ('sent', 'delivered') then coalesce(m.sent_at, ${v.at}) else m.sent_at end,
    delivered_at = case when ${v.state} = 'delivered' then ${v.at} else m.delivered_at end,
    failed_at = case when ${v.state} = 'failed' then ${v.at} else m.failed_at end,
    error_code = case when ${v.state} = 'failed' then ${v.code} else m.error_code end,
    error_text = case when ${v.state} = 'failed' then ${v.text} else m.error_text end,
    updated_at = now()`;
}
export const rankOf = (state: string) => ({ queued: 0, sending: 1, sent: 2 })[state] ?? 3;

/** Contacts, conversations and messages. Every workspace-facing query takes `workspaceId`. */
export function createMessagesRepository(db: Db) {
  return {
    /**
     * Queues an outbound message to a number in one statement: finds or adds the contact, moves
     * its conversation to the top (no unread bump) and inserts the message, unless the contact
     * opted out. `message` and `conversation` are null when it did (nothing was queued).
     */
    async insertOutbound(input: NewOutbound, tx: Db = db): Promise<QueuedOutbound> {
      const [row] = await queryRows<Record<'contact' | 'conversation' | 'message', Record<string, unknown> | null>>(
        tx,
        sql`
        with c as (
          insert into contacts (workspace_id, phone_number) values (${input.workspaceId}, ${input.phoneNumber})
          on conflict (workspace_id, phone_number) do update set phone_number = excluded.phone_number
          returning *
        ), v as (
          insert into conversations (workspace_id, network_id, contact_id, last_message_at, last_message_preview)
          select ${input.workspaceId}, ${input.networkId}, c.id, now(), ${previewOf(input.body)} from c
          where c.opted_out_at is null
          on conflict (network_id, contact_id) do update set
            has_sms = true,
            last_message_at = greatest(conversations.last_message_at, excluded.last_message_at),
            last_message_preview = excluded.last_message_preview
          returning *
        ), m as (
          insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
            segments, state, origin, created_at)
          select ${input.workspaceId}, ${input.networkId}, v.id, v.contact_id, 'out', ${input.body},
            ${input.encoding}, ${input.segments}, 'queued', ${input.origin}, clock_timestamp() from v
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

    /**
     * Claims up to `limit` messages of a network for sending: queued ones that are due, and
     * `sending` ones whose lease ran out (their dispatcher died). SKIP LOCKED lets several
     * dispatchers claim side by side without waiting on each other.
     */
    async claim(networkId: string, limit: number, leaseSeconds: number): Promise<ClaimedMessage[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`
        update messages m set state = 'sending', attempts = m.attempts + 1,
          lease_until = now() + make_interval(secs => ${leaseSeconds}),
          sending_at = coalesce(m.sending_at, now()), updated_at = now()
        from contacts c
        where c.id = m.contact_id and m.id in (
          select id from messages
          where network_id = ${networkId} and state in ('queued', 'sending')
            and ((state = 'queued' and (next_attempt_at is null or next_attempt_at <= now()))
              or (state = 'sending' and lease_until < now()))
          order by created_at, id
          limit ${limit}
          for update skip locked)
        returning m.*, c.phone_number as to_number`,
      );
      return rows
        .map((r) => camelRow<ClaimedMessage>(r))
        .sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
    },

    /** Gives claimed messages that were never handed to the channel back to the queue. */
    async releaseClaims(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(messages)
        .set({ state: 'queued', leaseUntil: null, attempts: sql`${messages.attempts} - 1`, updatedAt: new Date() })
        .where(and(inArray(messages.id, ids), eq(messages.state, 'sending')));
    },

    /** When the next queued message of a network is due (null: nothing waits). */
    async nextDue(networkId: string): Promise<Date | null> {
      const [row] = await queryRows<{ due: Date | string | null }>(
        db,
        sql`select min(case when state = 'queued' then coalesce(next_attempt_at, now()) else lease_until end) as due
            from messages where network_id = ${networkId} and state in ('queued', 'sending')`,
      );
      return row?.due ? new Date(row.due) : null;
    },

    /**
     * Records sends the channel accepted, many in one statement (the dispatcher's hottest write).
     * Each result is the updated row, or undefined when the message left `sending` meanwhile.
     */
    async markSentMany(sends: SentRecord[]): Promise<Array<MessageRow | undefined>> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`update messages m set state = v.state::message_state, provider_message_id = v.pid,
          sent_at = coalesce(m.sent_at, now()),
          delivered_at = case when v.state = 'delivered' then now() else m.delivered_at end,
          lease_until = null, error_code = null, error_text = null, updated_at = now()
        from (values ${sql.join(
          sends.map((send) => sql`(${send.id}::uuid, ${send.providerMessageId}, ${send.state})`),
          sql`, `,
        )}) as v(id, pid, state)
        where m.id = v.id and m.state = 'sending'
        returning m.*`,
      );
      const byId = new Map(rows.map((row) => [row.id as string, camelRow<MessageRow>(row)]));
      return sends.map((send) => byId.get(send.id));
    },

    async retryLater(
      id: string,
      at: Date,
      errorCode: string | null,
      errorText: string,
    ): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ state: 'queued', nextAttemptAt: at, leaseUntil: null, errorCode, errorText, updatedAt: new Date() })
        .where(and(eq(messages.id, id), eq(messages.state, 'sending')))
        .returning();
      return row;
    },

    async markFailed(id: string, errorCode: string | null, errorText: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ state: 'failed', failedAt: new Date(), leaseUntil: null, errorCode, errorText, updatedAt: new Date() })
        .where(and(eq(messages.id, id), sql`${messages.state} in ('queued', 'sending')`))
        .returning();
      return row;
    },

    /** A delivery report: moves an outbound message forward (never back); undefined if unknown. */
    async applyStatus(
      networkId: string,
      by: { providerMessageId?: string; messageId?: string },
      state: 'sending' | 'sent' | 'delivered' | 'failed',
      error: { code?: string; text?: string },
      at: Date,
    ): Promise<{ row: MessageRow; changed: boolean } | undefined> {
      const match = by.messageId
        ? eq(messages.id, by.messageId)
        : and(eq(messages.direction, 'out'), eq(messages.providerMessageId, by.providerMessageId ?? ''));
      const where = and(eq(messages.networkId, networkId), eq(messages.direction, 'out'), match);
      const advance = async () => {
        const [row] = await queryRows<Record<string, unknown>>(
          db,
          sql`update messages m set ${advanceAssignments({
            state: sql`${state}::text`,
            at: sql`${at}::timestamptz`,
            code: sql`${error.code ?? null}::text`,
            text: sql`${error.text ?? null}::text`,
          })}
          where m.network_id = ${networkId} and m.direction = 'out'
            and ${by.messageId ? sql`m.id = ${by.messageId}` : sql`m.provider_message_id = ${by.providerMessageId ?? ''}`}
            and ${STATE_RANK} < ${rankOf(state)}
          returning m.*`,
        );
        return row ? camelRow<MessageRow>(row) : undefined;
      };
      // Two tries: a report can race the dispatcher's own write (`sent` + provider id) between
      // the update and the look-up below; the second update then sees the stored id.
      for (let attempt = 0; attempt < 2; attempt++) {
        const row = await advance();
        if (row) return { row, changed: true };
        const [existing] = await db.select().from(messages).where(where);
        if (!existing) return undefined;
        if (rankOf(existing.state) >= rankOf(state)) return { row: existing, changed: false };
      }
      return undefined;
    },

    /**
     * Delivery reports by provider id, many in one statement; each result is the row it moved
     * forward, or undefined (unknown yet, or no step forward) for `applyStatus` to look into.
     */
    async advanceMany(reports: StatusAdvance[]): Promise<Array<MessageRow | undefined>> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`update messages m set ${advanceAssignments({
          state: sql`v.state`,
          at: sql`v.at`,
          code: sql`v.code`,
          text: sql`v.text`,
        })}
        from (values ${sql.join(
          reports.map(
            (r) =>
              sql`(${r.networkId}::uuid, ${r.providerMessageId}, ${r.state}, ${r.rank}::int, ${r.at}::timestamptz, ${r.errorCode ?? null}, ${r.errorText ?? null})`,
          ),
          sql`, `,
        )}) as v(network_id, pid, state, rank, at, code, text)
        where m.network_id = v.network_id and m.direction = 'out' and m.provider_message_id = v.pid
          and ${STATE_RANK} < v.rank
        returning m.*`,
      );
      const byKey = new Map(
        rows.map((row) => [
          `${row.network_id as string}:${row.provider_message_id as string}`,
          camelRow<MessageRow>(row),
        ]),
      );
      return reports.map((r) => byKey.get(`${r.networkId}:${r.providerMessageId}`));
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
        .innerJoin(contacts, eq(contacts.id, messages.contactId))
        .where(
          and(
            eq(messages.workspaceId, workspaceId),
            eq(messages.networkId, networkId),
            eq(contacts.phoneNumber, phoneNumber),
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .limit(limit);
      return rows.map((r) => r.message);
    },

    /** Embedded database only: a restarted process may retry its own dead claims at once. */
    async expireAllLeases(): Promise<void> {
      await db
        .update(messages)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(and(eq(messages.state, 'sending'), sql`${messages.leaseUntil} is not null`));
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
