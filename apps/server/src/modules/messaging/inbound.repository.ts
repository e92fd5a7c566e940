import { sql } from 'drizzle-orm';
import type { MessageEncoding } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import { upsertContacts } from '../contacts/contacts.sql.js';
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
 * Stores a batch of inbound messages in four statements whatever its size (a look-up of retries,
 * contacts (through the contacts module's upsert), threads with their counters, messages), so webhooks arriving together share one
 * transaction and one commit. Run it inside a transaction.
 *
 * A provider id already stored, or seen earlier in the batch, is a retry: answered with the
 * stored message, never inserted twice (the unique index has the last word; two instances storing
 * the same retry at the same moment could count it once too often in the thread's unread counter).
 */
export async function insertInboundBatch(tx: Db, items: NewInbound[]): Promise<StoredInbound[]> {
  const earlier = new Map<string, string>();
  for (const row of await queryRows<{ id: string; network_id: string; provider_message_id: string }>(
    tx,
    sql`select id, network_id, provider_message_id from messages where direction = 'in'
      and (network_id, provider_message_id) in (${sql.join(
        items.map((i) => sql`(${i.networkId}::uuid, ${i.providerMessageId})`),
        sql`, `,
      )})`,
  )) {
    earlier.set(keyOf(row.network_id, row.provider_message_id), row.id);
  }
  const fresh = new Map<string, NewInbound>();
  for (const item of items) {
    const key = keyOf(item.networkId, item.providerMessageId);
    if (!earlier.has(key) && !fresh.has(key)) fresh.set(key, item);
  }
  if (fresh.size === 0)
    return items.map((i) => ({ duplicate: true, messageId: earlier.get(keyOf(i.networkId, i.providerMessageId))! }));

  const contacts = new Map<string, ContactRow>();
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`${upsertContacts(
      [...new Map([...fresh.values()].map((i) => [keyOf(i.workspaceId, i.phoneNumber), i])).values()],
      { message: 'received' },
    )}
        returning *`,
  )) {
    const contact = camelRow<ContactRow>(row);
    contacts.set(keyOf(contact.workspaceId, contact.phoneNumber), contact);
  }
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
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into conversations (workspace_id, network_id, contact_id, created_at, last_message_at,
      last_message_preview, unread_count)
    values ${sql.join(
      [...perThread.values()].map(
        ({ first, n, last }) =>
          sql`(${first.workspaceId}, ${first.networkId}, ${contactOf(first).id}, least(now(), ${first.receivedAt}),
            ${last.receivedAt}, ${previewOf(last.body)}, ${n})`,
      ),
      sql`, `,
    )}
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

  // created_at is the clock at each row (not the transaction's start), so a thread reads in arrival
  // order: messages of one batch, and a reply a step queues after them, never tie.
  const inserted = new Map<string, MessageRow>();
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
      segments, state, provider_message_id, received_at, created_at) values ${sql.join(
        [...fresh.values()].map(
          (i) => sql`(${i.workspaceId}, ${i.networkId}, ${threadOf(i).id}, ${contactOf(i).id}, 'in', ${i.body},
            ${i.encoding}, ${i.segments}, 'received', ${i.providerMessageId}, ${i.receivedAt}, clock_timestamp())`,
        ),
        sql`, `,
      )}
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
