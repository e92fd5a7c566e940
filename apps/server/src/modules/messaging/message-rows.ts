import type { Conversation, Message } from '@switchboard/contract';
import { toContact, type ContactRow } from '../contacts/contact-view.js';
import type { ConversationRow, MessageRow } from './messaging.sql.js';

export { camelRow } from '../../lib/camel-row.js';
export type { ContactRow } from '../contacts/contact-view.js';
export type { ConversationRow, MessageRow } from './messaging.sql.js';

/**
 * A time as the API writes it (`toISOString`). Pages come back as PostgreSQL's JSON text, whose
 * times in UTC with all six fraction digits are cut to milliseconds here without a Date (a page
 * has hundreds); any other form goes through Date.
 */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.length === 32 && value[19] === '.' && value.endsWith('+00:00'))
    return `${value.slice(0, 23)}Z`;
  return new Date(value).toISOString();
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
