import type { Contact, Conversation, ConversationListResponse, Message, ThreadResponse } from '@switchboard/contract';
import type { InfiniteData } from '@tanstack/react-query';

let sequence = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

const NETWORK_ID = '00000000-0000-4000-8000-000000000001';

export function aContact(overrides: Partial<Contact> = {}): Contact {
  return { id: uuid(), phoneNumber: '+12025550142', name: null, tags: [], optedOutAt: null, ...overrides };
}

/** A conversation as the API answers it; `overrides` shape the case under test. */
export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: uuid(),
    networkId: NETWORK_ID,
    contact: aContact(),
    lastMessageAt: '2026-03-10T12:00:00.000Z',
    createdAt: '2026-03-01T09:00:00.000Z',
    lastMessagePreview: 'Hello',
    unreadCount: 0,
    ...overrides,
  };
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: uuid(),
    networkId: NETWORK_ID,
    conversationId: uuid(),
    contactId: uuid(),
    direction: 'in',
    body: 'Hello',
    encoding: 'GSM-7',
    segments: 1,
    state: 'received',
    origin: null,
    campaignId: null,
    providerMessageId: null,
    errorCode: null,
    errorText: null,
    attempts: 0,
    createdAt: '2026-03-10T12:00:00.000Z',
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    receivedAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** Infinite-query data of the given pages (each `[items, nextCursor]`). */
export function listPages(...pages: Array<[Conversation[], string | null]>): InfiniteData<ConversationListResponse> {
  return {
    pages: pages.map(([conversations, nextCursor]) => ({ conversations, nextCursor })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
  };
}

export function threadPages(...pages: Array<[Message[], string | null]>): InfiniteData<ThreadResponse> {
  return {
    pages: pages.map(([messages, nextCursor]) => ({ messages, campaigns: [], nextCursor })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
  };
}

/** "2026-03-10T12:00:0S.000Z": messages a second apart. */
export const at = (second: number) => `2026-03-10T12:00:${String(second).padStart(2, '0')}.000Z`;
