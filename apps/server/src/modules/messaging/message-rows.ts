import type { Conversation, Message } from '@switchboard/contract';
import { toContact, type ContactRow } from '../contacts/contact-view.js';
import type { ConversationRow, MessageRow } from './messaging.sql.js';

export { camelRow } from '../../lib/camel-row.js';
export type { ContactRow } from '../contacts/contact-view.js';
export type { ConversationRow, MessageRow } from './messaging.sql.js';

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

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
    campaignId: row.campaignId,
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
