import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { sendingCampaignsOn } from '../campaigns/campaigns.sql.js';
import { contactsTable } from '../contacts/contacts.sql.js';
import type { MessageRow } from './messaging.sql.js';

/** A send the channel accepted. */
export interface SentRecord {
  id: string;
  providerMessageId: string;
  state: 'sent' | 'delivered';
}

/**
 * A message claimed for sending, with its recipient's number and, for a campaign's message, the
 * network's share of the campaign's rate (messages a second), which the dispatcher paces it to.
 */
export type ClaimedMessage = MessageRow & { toNumber: string; campaignRate: number | null };

/** A campaign claims at most this many seconds of its rate at once (its messages wait for its pacer). */
const CAMPAIGN_CLAIM_SECONDS = 3;

/** An outbound message waiting for an Android phone, with its recipient. */
export interface PendingMessage {
  id: string;
  body: string;
  createdAt: Date;
  phoneNumber: string;
}

/** What one claim took, and when the network's next message left in the queue is due. */
export interface Claim {
  messages: ClaimedMessage[];
  /** Only for a claim that came back short (null: nothing waits); a full one leaves more due now. */
  nextDue: Date | null;
}

/** Among the network's messages not in `claimed`, the soonest due (see `nextDue` of `Claim`). */
function nextDueAfter(networkId: string, claimed: SQL): SQL {
  return sql`least(
    (select min(case when state = 'queued' then coalesce(next_attempt_at, now()) else lease_until end)
      from messages where network_id = ${networkId} and state in ('queued', 'sending') and campaign_id is null
        and id not in (${claimed})),
    (select min(lease_until) from messages
      where network_id = ${networkId} and state = 'sending' and id not in (${claimed})),
    (select min(d.due) from live, lateral (
      select next_attempt_at as due from messages
      where campaign_id = live.id and network_id = ${networkId} and state = 'queued' and campaign_id is not null
        and id not in (${claimed})
      order by next_attempt_at limit 1) d))`;
}

/**
 * The claim (see `claim`): due messages outside campaigns in queue order; each sending
 * campaign's due messages from its own index, at most a few seconds of its rate; claims whose
 * dispatcher died. Locked with SKIP LOCKED, moved to `sending` with a lease. A claim that takes
 * fewer than `limit` also answers when the next message left is due (the statement sees the
 * rows as they were, so those it claimed are left out), so the dispatcher knows how long to
 * sleep without asking again: one row with that time, joined to every claimed one (or alone).
 */
function claimStatement(networkId: string, limit: number, leaseSeconds: number): SQL {
  return sql`
        with live as (${sendingCampaignsOn(networkId)}),
        single as (
          select id from messages
          where network_id = ${networkId} and state in ('queued', 'sending') and campaign_id is null
            and ((state = 'queued' and (next_attempt_at is null or next_attempt_at <= now()))
              or (state = 'sending' and lease_until < now()))
          order by created_at, id
          limit ${limit}
          for update skip locked
        ), bulk as (
          select l.id from live, lateral (
            select id from messages
            where campaign_id = live.id and network_id = ${networkId} and state = 'queued'
              and campaign_id is not null and next_attempt_at <= now()
            order by next_attempt_at
            limit greatest(1, ceil(live.share * ${CAMPAIGN_CLAIM_SECONDS}))::int
            for update skip locked) l
        ), expired as (
          select id from messages
          where network_id = ${networkId} and state = 'sending' and lease_until < now()
            and campaign_id in (select id from live)
          limit ${limit}
          for update skip locked
        ), claimed as (
          update messages m set state = 'sending', attempts = m.attempts + 1,
            lease_until = now() + make_interval(secs => ${leaseSeconds}),
            sending_at = coalesce(m.sending_at, now()), updated_at = now()
          from ${contactsTable} c
          where c.id = m.contact_id and m.id in (
            select id from (select id from single union all select id from expired union all select id from bulk) p
            limit ${limit})
          returning m.*, c.phone_number as to_number, (select share from live where live.id = m.campaign_id) as campaign_rate
        )
        select claimed.*, due.next_due from (
          select case when (select count(*) from claimed) < ${limit}
            then ${nextDueAfter(networkId, sql`select id from claimed`)} end as next_due
        ) due left join claimed on true`;
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
     * `sending` ones whose lease ran out (their dispatcher died). Messages of campaigns come only
     * from campaigns that are `sending` now, each at most a few seconds of its rate ahead, read in
     * due order from their own index; the others in queue order. SKIP LOCKED lets several
     * dispatchers claim side by side without waiting on each other.
     */
    async claim(networkId: string, limit: number, leaseSeconds: number): Promise<Claim> {
      const rows = await queryRows<Record<string, unknown>>(db, claimStatement(networkId, limit, leaseSeconds));
      const due = rows[0]?.next_due as Date | string | null | undefined;
      const messages = rows
        .filter((r) => r.id !== null)
        .map(({ next_due: _due, ...row }) => camelRow<ClaimedMessage>(row))
        .sort(
          (a, b) =>
            +new Date(a.nextAttemptAt ?? a.createdAt) - +new Date(b.nextAttemptAt ?? b.createdAt) ||
            +new Date(a.createdAt) - +new Date(b.createdAt),
        );
      return { messages, nextDue: due ? new Date(due) : null };
    },

    /** Gives claimed messages that were never handed to the channel back to the queue. */
    async releaseClaims(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(messages)
        .set({ state: 'queued', leaseUntil: null, attempts: sql`${messages.attempts} - 1`, updatedAt: new Date() })
        .where(and(inArray(messages.id, ids), eq(messages.state, 'sending')));
    },

    /**
     * Outbound messages the phone has not reported beyond Processed: queued ones first (so a phone
     * slow to report never starves new messages), then those it took, so a lost state report is
     * repaired when the phone sees the id again and re-reports it. A campaign's messages are
     * offered once due and only while the campaign is sending (the phone sends what it is given,
     * so the due times are its pace).
     */
    async pendingForPhone(networkId: string, order: 'lifo' | 'fifo', limit: number): Promise<PendingMessage[]> {
      const byAge = order === 'fifo' ? sql`asc` : sql`desc`;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`with live as (${sendingCampaignsOn(networkId)})
        select p.id, p.body, p.created_at, p.state, c.phone_number from (
          (select id, body, created_at, state, contact_id from messages
            where network_id = ${networkId} and direction = 'out' and campaign_id is null
              and state in ('queued', 'sending')
              -- not before its due time (an API message's sendAt, a spread batch)
              and (state = 'sending' or next_attempt_at is null or next_attempt_at <= now())
            order by state = 'queued' desc, created_at ${byAge}, id ${byAge}
            limit ${limit})
          union all
          (select m.id, m.body, m.created_at, m.state, m.contact_id from live, lateral (
            select id, body, created_at, state, contact_id from messages
            where campaign_id = live.id and network_id = ${networkId} and state = 'queued'
              and campaign_id is not null and next_attempt_at <= now()
            order by next_attempt_at limit ${limit}) m)
          union all
          (select id, body, created_at, state, contact_id from messages
            where network_id = ${networkId} and state = 'sending' and campaign_id is not null
            limit ${limit})
        ) p join ${contactsTable} c on c.id = p.contact_id
        order by p.state = 'queued' desc, p.created_at ${byAge}, p.id ${byAge}
        limit ${limit}`,
      );
      return rows.map((row) => {
        const { id, body, createdAt, phoneNumber } = camelRow<PendingMessage>(row);
        return { id, body, createdAt: new Date(createdAt), phoneNumber };
      });
    },

    /**
     * Whether a queued message outside campaigns became due on the network within the last
     * `seconds` (a scheduled send): an Android phone is told then, not at its next poll.
     */
    async becameDue(networkId: string, seconds: number): Promise<boolean> {
      const [row] = await queryRows<{ due: boolean }>(
        db,
        sql`select exists (select 1 from messages
          where network_id = ${networkId} and state = 'queued' and campaign_id is null
            and next_attempt_at > now() - make_interval(secs => ${seconds}) and next_attempt_at <= now()) as due`,
      );
      return !!row?.due;
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
