import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.js';
import { pgArray } from '../../lib/pg-array.js';

/**
 * The contacts module's SQL for other repositories' statements. Contacts owns the table; the
 * pipeline's hot statements (storing an inbound batch, queueing, claiming, the inbox pages) find
 * or read a message's contact in the same statement as the message, which is what keeps one
 * message at one round trip. They embed these pieces instead of writing their own SQL for the
 * table, so what touches contacts is found here. Import only from a `*.repository.ts`.
 */

export type ContactRow = typeof contacts.$inferSelect;

/** The table, for joins in read statements (a message's number, a thread's contact). */
export const contactsTable = contacts;

export interface UpsertContactsOptions {
  /**
   * The statement stores a message to or from these numbers: `received` (inbound, stored
   * whatever the consent) sets each contact's last message time; `sending` (outbound) sets it
   * only for contacts not opted out, since nothing is queued to the others.
   */
  message?: 'received' | 'sending';
}

/**
 * `insert … on conflict` that finds or adds the contacts of (workspace, number) pairs; the caller
 * appends `returning …`. The update makes `returning` include contacts that existed (and keeps
 * the contact book's "last message" order true).
 */
export function upsertContacts(
  pairs: Array<{ workspaceId: string; phoneNumber: string }>,
  options: UpsertContactsOptions = {},
): SQL {
  return sql`insert into contacts (workspace_id, phone_number, last_message_at) values ${sql.join(
    pairs.map((pair) => sql`(${pair.workspaceId}, ${pair.phoneNumber}, now())`),
    sql`, `,
  )}
  ${onConflictTouch(options)}`;
}

/**
 * Like `upsertContacts` for the (workspace_id, phone_number) rows of a query (e.g. over an earlier
 * CTE), which must not name one pair twice.
 */
export function upsertContactsOf(pairs: SQL, options: UpsertContactsOptions = {}): SQL {
  return sql`insert into contacts (workspace_id, phone_number, last_message_at)
  select p.workspace_id, p.phone_number, now() from (${pairs}) as p(workspace_id, phone_number)
  ${onConflictTouch(options)}`;
}

function onConflictTouch({ message = 'sending' }: UpsertContactsOptions): SQL {
  const lastMessageAt =
    message === 'received'
      ? sql`now()`
      : sql`case when contacts.opted_out_at is null then now() else contacts.last_message_at end`;
  return sql`on conflict (workspace_id, phone_number) do update set last_message_at = ${lastMessageAt}`;
}

/**
 * Like `upsertContacts` for many numbers of one workspace (a developer API batch: up to 10,000),
 * as one array parameter: a VALUES list of 10,000 rows is 20,000 parameters to bind and plan.
 * The numbers must be distinct. The caller appends `returning …`.
 */
export function upsertContactNumbers(workspaceId: string, phoneNumbers: string[]): SQL {
  return sql`insert into contacts (workspace_id, phone_number, last_message_at)
  select ${workspaceId}, n.phone_number, now() from unnest(${pgArray(phoneNumbers, 'text')}) as n(phone_number)
  on conflict (workspace_id, phone_number) do update set
    last_message_at = case when contacts.opted_out_at is null then now() else contacts.last_message_at end`;
}

/**
 * `update contacts …` that moves the "last message" time of the contacts in `contactIds` (SQL of
 * a one-column set of contact ids, e.g. over an earlier CTE) to now. For messages queued without
 * touching their contact (a campaign's, at start): their contact's time moves when they are sent.
 */
export function touchLastMessage(contactIds: SQL): SQL {
  return sql`update contacts c set last_message_at = now()
    where c.id in (${contactIds}) and (c.last_message_at is null or c.last_message_at < now())`;
}

/**
 * The opt-outs of a workspace's contacts recorded after `since` (`contact_id`, `created_at`), for
 * a campaign's "opted out since" counts and recipients (messaging's campaign reads).
 */
export function optOutsSince(workspaceId: string, since: SQL): SQL {
  return sql`select e.contact_id, e.created_at from contact_consent_events e
    where e.workspace_id = ${workspaceId} and e.opted_out and e.created_at > ${since}`;
}

/** The first opt-out of one contact after `after` (a timestamp), or null. */
export function firstOptOutAfter(contactId: SQL, after: SQL): SQL {
  return sql`(select min(e.created_at) from contact_consent_events e
    where e.contact_id = ${contactId} and e.opted_out and e.created_at > ${after})`;
}
