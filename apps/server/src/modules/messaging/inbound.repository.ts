import { sql } from 'drizzle-orm';
import type { MessageEncoding } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow, previewOf, type ContactRow, type ConversationRow, type MessageRow } from './message-rows.js';

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

/** One input of a batch, stored or recognised as a retry of a message stored before. */
export type StoredInbound =
  | { duplicate: false; message: MessageRow; conversation: ConversationRow; contact: ContactRow }
  | { duplicate: true; messageId: string };

const keyOf = (...parts: string[]) => parts.join('\u0000');

/**
 * Stores a batch of inbound messages in five statements whatever its size (contacts, threads,
 * messages, the threads' counters, and a look-up of retries), so webhooks arriving together share
 * one transaction and one commit. Run it inside a transaction.
 */
export async function insertInboundBatch(tx: Db, items: NewInbound[]): Promise<StoredInbound[]> {
  const contacts = new Map<string, ContactRow>();
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into contacts (workspace_id, phone_number) values ${sql.join(
      [...new Map(items.map((i) => [keyOf(i.workspaceId, i.phoneNumber), i])).values()].map(
        (i) => sql`(${i.workspaceId}, ${i.phoneNumber})`,
      ),
      sql`, `,
    )}
    on conflict (workspace_id, phone_number) do update set phone_number = excluded.phone_number
    returning *`,
  )) {
    const contact = camelRow<ContactRow>(row);
    contacts.set(keyOf(contact.workspaceId, contact.phoneNumber), contact);
  }
  const contactOf = (i: NewInbound) => contacts.get(keyOf(i.workspaceId, i.phoneNumber))!;

  const threads = new Map<string, ConversationRow>();
  const threadPairs = new Map(items.map((i) => [keyOf(i.networkId, contactOf(i).id), i]));
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into conversations (workspace_id, network_id, contact_id, last_message_at) values ${sql.join(
      [...threadPairs.values()].map(
        (i) => sql`(${i.workspaceId}, ${i.networkId}, ${contactOf(i).id}, ${i.receivedAt})`,
      ),
      sql`, `,
    )}
    on conflict (network_id, contact_id) do update set network_id = excluded.network_id
    returning *`,
  )) {
    const thread = camelRow<ConversationRow>(row);
    threads.set(keyOf(thread.networkId, thread.contactId), thread);
  }
  const threadOf = (i: NewInbound) => threads.get(keyOf(i.networkId, contactOf(i).id))!;

  // A provider id already stored (or twice in this batch) is a retry: not inserted again.
  const inserted = new Map<string, MessageRow>();
  for (const row of await queryRows<Record<string, unknown>>(
    tx,
    sql`insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body, encoding,
      segments, state, provider_message_id, received_at) values ${sql.join(
        items.map(
          (i) => sql`(${i.workspaceId}, ${i.networkId}, ${threadOf(i).id}, ${contactOf(i).id}, 'in', ${i.body},
            ${i.encoding}, ${i.segments}, 'received', ${i.providerMessageId}, ${i.receivedAt})`,
        ),
        sql`, `,
      )}
    on conflict (network_id, direction, provider_message_id) do nothing
    returning *`,
  )) {
    const message = camelRow<MessageRow>(row);
    inserted.set(keyOf(message.networkId, message.providerMessageId!), message);
  }

  const bumps = new Map<string, { n: number; last: MessageRow }>();
  for (const message of inserted.values()) {
    const bump = bumps.get(message.conversationId);
    if (!bump) bumps.set(message.conversationId, { n: 1, last: message });
    else {
      bump.n += 1;
      if (+new Date(message.receivedAt!) >= +new Date(bump.last.receivedAt!)) bump.last = message;
    }
  }
  if (bumps.size > 0) {
    for (const row of await queryRows<Record<string, unknown>>(
      tx,
      sql`update conversations c set unread_count = c.unread_count + v.n,
        last_message_at = greatest(c.last_message_at, v.at),
        last_message_preview = case when v.at >= c.last_message_at then v.preview else c.last_message_preview end
      from (values ${sql.join(
        [...bumps].map(
          ([id, b]) =>
            sql`(${id}::uuid, ${b.n}::int, ${new Date(b.last.receivedAt!)}::timestamptz, ${previewOf(b.last.body)})`,
        ),
        sql`, `,
      )}) as v(id, n, at, preview)
      where c.id = v.id
      returning c.*`,
    )) {
      const thread = camelRow<ConversationRow>(row);
      threads.set(keyOf(thread.networkId, thread.contactId), thread);
    }
  }

  const retried = items.filter((i) => !inserted.has(keyOf(i.networkId, i.providerMessageId)));
  const earlier = new Map<string, string>();
  if (retried.length > 0) {
    for (const row of await queryRows<{ id: string; network_id: string; provider_message_id: string }>(
      tx,
      sql`select id, network_id, provider_message_id from messages where direction = 'in' and (network_id, provider_message_id) in (${sql.join(
        retried.map((i) => sql`(${i.networkId}::uuid, ${i.providerMessageId})`),
        sql`, `,
      )})`,
    )) {
      earlier.set(keyOf(row.network_id, row.provider_message_id), row.id);
    }
  }

  const claimed = new Set<string>();
  return items.map((i): StoredInbound => {
    const key = keyOf(i.networkId, i.providerMessageId);
    const message = inserted.get(key);
    // The first of several identical inputs in the batch is the one stored; the rest are retries.
    if (message && !claimed.has(key)) {
      claimed.add(key);
      return { duplicate: false, message, conversation: threadOf(i), contact: contactOf(i) };
    }
    return { duplicate: true, messageId: message?.id ?? earlier.get(key)! };
  });
}
