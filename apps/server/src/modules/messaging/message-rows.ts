import type { Contact, Conversation, Message } from '@switchboard/contract';
import type { contacts, conversations, messages } from '../../db/schema/index.js';

export type MessageRow = typeof messages.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** Raw `row_to_json` rows (snake_case, timestamps as text) → Drizzle-shaped rows. */
export function camelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const key in row) out[camelKey(key)] = row[key];
  return out as T;
}

// Pages map thousands of rows with the same few dozen column names.
const camelKeys = new Map<string, string>();
function camelKey(key: string): string {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camelKeys.size < 1000) camelKeys.set(key, camel);
  }
  return camel;
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    networkId: row.networkId,
    conversationId: row.conversationId,
    contactId: row.contactId,
    direction: row.direction,
    body: row.body,
    encoding: row.encoding,
    segments: row.segments,
    state: row.state,
    origin: row.origin,
    providerMessageId: row.providerMessageId,
    errorCode: row.errorCode,
    errorText: row.errorText,
    attempts: row.attempts,
    createdAt: iso(row.createdAt)!,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    failedAt: iso(row.failedAt),
    receivedAt: iso(row.receivedAt),
  };
}

export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    tags: row.tags ?? [],
    optedOutAt: iso(row.optedOutAt),
  };
}

export function toConversation(row: ConversationRow, contact: ContactRow): Conversation {
  return {
    id: row.id,
    networkId: row.networkId,
    contact: toContact(contact),
    lastMessageAt: iso(row.lastMessageAt)!,
    createdAt: iso(row.createdAt)!,
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
  };
}

/** The start of a message, for the thread list. */
export const previewOf = (body: string) => (body.length > 120 ? `${body.slice(0, 119)}…` : body);
