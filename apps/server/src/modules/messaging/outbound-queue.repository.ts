import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { contactsTable } from '../contacts/contacts.sql.js';
import type { MessageRow } from './messaging.sql.js';

/** A send the channel accepted. */
export interface SentRecord {
  id: string;
  providerMessageId: string;
  state: 'sent' | 'delivered';
}

/** A message claimed for sending, with its recipient's number. */
export type ClaimedMessage = MessageRow & { toNumber: string };

/** An outbound message waiting for an Android phone, with its recipient. */
export interface PendingMessage {
  id: string;
  body: string;
  createdAt: Date;
  phoneNumber: string;
}

/**
 * The outbound queue: `queued` rows claimed, sent, retried or failed by the network's dispatcher.
 * These functions take a network id or message ids, not a workspace: the dispatcher works per
 * network across workspaces, on rows it claimed itself (the network id comes from its lease),
 * and no workspace-facing request reaches them.
 */
export function createOutboundQueueRepository(db: Db) {
  return {
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
        from ${contactsTable} c
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
     * Outbound messages the phone has not reported beyond Processed: queued ones first (so a phone
     * slow to report never starves new messages), then those it took, so a lost state report is
     * repaired when the phone sees the id again and re-reports it.
     */
    async pendingForPhone(networkId: string, order: 'lifo' | 'fifo', limit: number): Promise<PendingMessage[]> {
      const byAge = order === 'fifo' ? asc : desc;
      return db
        .select({
          id: messages.id,
          body: messages.body,
          createdAt: messages.createdAt,
          phoneNumber: contactsTable.phoneNumber,
        })
        .from(messages)
        .innerJoin(contactsTable, eq(contactsTable.id, messages.contactId))
        .where(
          and(
            eq(messages.networkId, networkId),
            eq(messages.direction, 'out'),
            // Literal states, so the planner can use the partial dispatch index.
            sql`${messages.state} in ('queued', 'sending')`,
          ),
        )
        .orderBy(sql`${messages.state} = 'queued' desc`, byAge(messages.createdAt), byAge(messages.id))
        .limit(limit);
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

export type OutboundQueueRepository = ReturnType<typeof createOutboundQueueRepository>;
