import { sql, type SQL } from 'drizzle-orm';
import type { MessageEncoding } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import { pgColumn } from '../../lib/pg-array.js';
import { upsertContactsOf } from '../contacts/contacts.sql.js';
import { previewOf, type ContactRow, type ConversationRow, type MessageRow } from './message-rows.js';

export interface NewInbound {
  workspaceId: string;
  networkId: string;
  phoneNumber: string;
  body: string;
  encoding: MessageEncoding;
  segments: number;
  providerMessageId: string;
  receivedAt: Date;
}

/** One input of a batch: stored, or recognised as a retry of a message stored before. */
export type StoredInbound =
  | { duplicate: false; message: MessageRow; conversation: ConversationRow; contact: ContactRow }
  | { duplicate: true; messageId: string };

const keyOf = (...parts: string[]) => parts.join('\u0000');

/**
 * The batch's first statement: its retries (provider ids already stored, rows `retry_*`) and the
 * contacts of the other messages, found or added (rows of `contacts`), side by side through a
 * full join on false. Exported for the planner test: the look-up must probe the unique index.
 */
export function retriesAndContactsStatement(items: NewInbound[]): SQL {
  const column = (type: string, pick: (item: NewInbound) => string) => pgColumn(items, type, pick);
  return sql`with input (workspace_id, phone_number, network_id, provider_message_id) as (
    select * from unnest(${column('uuid', (i) => i.workspaceId)}, ${column('text', (i) => i.phoneNumber)},
      ${column('uuid', (i) => i.networkId)}, ${column('text', (i) => i.providerMessageId)})
  ), earlier as (
    select id, network_id, provider_message_id from messages where direction = 'in'
      and (network_id, provider_message_id) in (select network_id, provider_message_id from input)
  ), upserted as (
    ${upsertContactsOf(
      sql`select distinct workspace_id, phone_number from input i where not exists (select 1 from earlier e
        where e.network_id = i.network_id and e.provider_message_id = i.provider_message_id)`,
      { message: 'received' },
    )}
    returning *
  )
  select e.id as retry_id, e.network_id as retry_network_id, e.provider_message_id as retry_provider_message_id, u.*
  from upserted u full join earlier e on false`;
}

/**
 * Stores a batch of inbound messages in three statements whatever its size (retries found and
 * contacts found or added (through the contacts module's upsert) in one, threads with their
 * counters, messages), so webhooks arriving together share one transaction and one commit. Run
 * it inside a transaction. The rows go as one array parameter per column: each statement's text
 * is the same for every batch size, so the embedded database parses and plans it once (a VALUES
 * list would be a new statement, parsed and planned afresh, for every size).
 *
 * A provider id already stored, or seen earlier in the batch, is a retry: answered with the
 * stored message, never inserted twice (the unique index has the last word; two instances storing
 * the same retry at the same moment could count it once too often in the thread's unread counter).
 */
export async function insertInboundBatch(tx: Db, items: NewInbound[]): Promise<StoredInbound[]> {
  const earlier = new Map<string, string>();
  const contacts = new Map<string, ContactRow>();
  for (const {
    retry_id: retryId,
    retry_network_id: retryNetworkId,
    retry_provider_message_id: retryProviderId,
    ...row
  } of await queryRows<Record<string, unknown>>(tx, retriesAndContactsStatement(items))) {
    if (retryId) earlier.set(keyOf(retryNetworkId as string, retryProviderId as string), retryId as string);
    else {
      const contact = camelRow<ContactRow>(row);
      contacts.set(keyOf(contact.workspaceId, contact.phoneNumber), contact);
    }
  }
  const fresh = new Map<string, NewInbound>();
  for (const item of items) {
    const key = keyOf(item.networkId, item.providerMessageId);
    if (!earlier.has(key) && !fresh.has(key)) fresh.set(key, item);
  }
  if (fresh.size === 0)
    return items.map((i) => ({ duplicate: true, messageId: earlier.get(keyOf(i.networkId, i.providerMessageId))! }));

  const contactOf = (i: NewInbound) => contacts.get(keyOf(i.workspaceId, i.phoneNumber))!;

  // Each thread's new messages: how many (unread) and the newest (time and preview).
  const perThread = new Map<string, { first: NewInbound; n: number; last: NewInbound }>();
  for (const item of fresh.values()) {
    const key = keyOf(item.networkId, contactOf(item).id);
    const entry = perThread.get(key);
    if (!entry) perThread.set(key, { first: item, n: 1, last: item });
    else {
      entry.n += 1;
      if (item.receivedAt >= entry.last.receivedAt) entry.last = item;
      if (item.receivedAt < entry.first.receivedAt) entry.first = item;
    }
  }
  const threads = new Map<string, ConversationRow>();
  const newThreads = [...perThread.values()];
  const threadColumn = (type: string, pick: (thread: (typeof newThreads)[number]) => string | number) =>
    pgColumn(newThreads, type, pick);
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into conversations (workspace_id, network_id, contact_id, created_at, last_message_at,
      last_message_preview, unread_count)
    select t.workspace_id, t.network_id, t.contact_id, least(now(), t.first_at), t.last_at, t.preview, t.n
    from unnest(${threadColumn('uuid', (t) => t.first.workspaceId)}, ${threadColumn('uuid', (t) => t.first.networkId)},
      ${threadColumn('uuid', (t) => contactOf(t.first).id)}, ${threadColumn('timestamptz', (t) => t.first.receivedAt.toISOString())},
      ${threadColumn('timestamptz', (t) => t.last.receivedAt.toISOString())}, ${threadColumn('text', (t) => previewOf(t.last.body))},
      ${threadColumn('int', (t) => t.n)}) as t(workspace_id, network_id, contact_id, first_at, last_at, preview, n)
    on conflict (network_id, contact_id) do update set
      has_sms = true,
      unread_count = conversations.unread_count + excluded.unread_count,
      last_message_at = greatest(conversations.last_message_at, excluded.last_message_at),
      last_message_preview = case when excluded.last_message_at >= conversations.last_message_at
        then excluded.last_message_preview else conversations.last_message_preview end
    returning *`,
  )) {
    const thread = camelRow<ConversationRow>(row);
    threads.set(keyOf(thread.networkId, thread.contactId), thread);
  }
  const threadOf = (i: NewInbound) => threads.get(keyOf(i.networkId, contactOf(i).id))!;

  // created_at is the clock at each row (not the transaction's start), taken in the batch's order,
  // so a thread reads in arrival order: messages of one batch, and a reply a step queues after
  // them, never tie.
  const inserted = new Map<string, MessageRow>();
  const newMessages = [...fresh.values()];
  const column = (type: string, pick: (item: NewInbound) => string | number) => pgColumn(newMessages, type, pick);
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
      segments, state, provider_message_id, received_at, created_at)
    select m.workspace_id, m.network_id, m.conversation_id, m.contact_id, 'in', m.body, m.encoding, m.segments,
      'received', m.provider_message_id, m.received_at, clock_timestamp()
    from unnest(${column('uuid', (i) => i.workspaceId)}, ${column('uuid', (i) => i.networkId)},
      ${column('uuid', (i) => threadOf(i).id)}, ${column('uuid', (i) => contactOf(i).id)}, ${column('text', (i) => i.body)},
      ${column('message_encoding', (i) => i.encoding)}, ${column('int', (i) => i.segments)},
      ${column('text', (i) => i.providerMessageId)}, ${column('timestamptz', (i) => i.receivedAt.toISOString())})
      with ordinality as m(workspace_id, network_id, conversation_id, contact_id, body, encoding, segments,
        provider_message_id, received_at, position)
    order by m.position
    on conflict (network_id, direction, provider_message_id) where provider_message_id is not null do nothing
    returning *`,
  )) {
    const message = camelRow<MessageRow>(row);
    inserted.set(keyOf(message.networkId, message.providerMessageId!), message);
  }

  const answered = new Set<string>();
  return items.map((i): StoredInbound => {
    const key = keyOf(i.networkId, i.providerMessageId);
    const message = inserted.get(key);
    if (message && !answered.has(key)) {
      answered.add(key);
      return { duplicate: false, message, conversation: threadOf(i), contact: contactOf(i) };
    }
    return { duplicate: true, messageId: message?.id ?? earlier.get(key)! };
  });
}
