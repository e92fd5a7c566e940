import type { ApiConversation, ApiMessage } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { toE164 } from '../../lib/phone-number.js';
import type { ConversationWithContact, MessagingService } from '../messaging/messaging.service.js';
import { toApiMessage } from './api-messages.js';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The public shape: no workspace id, no internal counters beyond the unread count. */
export function toApiConversation({ conversation, contact }: ConversationWithContact): ApiConversation {
  return {
    id: conversation.id,
    networkId: conversation.networkId,
    contact: {
      id: contact.id,
      phoneNumber: contact.phoneNumber,
      name: contact.name,
      optedOut: contact.optedOutAt !== null,
    },
    unreadCount: conversation.unreadCount,
    lastMessageAt: iso(conversation.lastMessageAt),
    lastMessagePreview: conversation.lastMessagePreview,
    createdAt: iso(conversation.createdAt),
  };
}

function e164Filter(input: string): string {
  const number = toE164(input);
  if (number) return number;
  throw new AppError(
    'INVALID_PHONE_NUMBER',
    `"${input}" is not a valid international phone number (e.g. +14155550123).`,
    [{ path: 'querystring.phoneNumber', message: 'Not a valid international phone number.' }],
  );
}

export interface ApiConversationFilters {
  networkId?: string;
  unread?: boolean;
  /** As typed; made E.164 here (400 `INVALID_PHONE_NUMBER` otherwise). */
  phoneNumber?: string;
  /** ISO 8601: threads with a message at or after it. */
  updatedSince?: string;
}

export interface ApiConversationsDeps {
  /** Threads are messaging's: the inbox's reads, and the API's message pages for a thread. */
  messaging: Pick<MessagingService, 'inbox' | 'api'>;
}

/** `/api/v1/conversations`: the inbox's threads, and a thread's messages, in the public shapes. */
export function createApiConversations(deps: ApiConversationsDeps) {
  const { inbox, api } = deps.messaging;

  async function find(workspaceId: string, id: string): Promise<ConversationWithContact> {
    const found = await inbox.findThread(workspaceId, id);
    if (!found) throw new AppError('NOT_FOUND', 'No such conversation in this workspace.');
    return found;
  }

  return {
    async list(
      workspaceId: string,
      filters: ApiConversationFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ conversations: ApiConversation[]; next: string | null }> {
      const page = await inbox.listThreads(
        workspaceId,
        {
          networkId: filters.networkId,
          unread: filters.unread === true,
          read: filters.unread === false,
          phoneNumber: filters.phoneNumber === undefined ? undefined : e164Filter(filters.phoneNumber),
          from: filters.updatedSince,
        },
        cursor,
        limit,
      );
      return { conversations: page.rows.map(toApiConversation), next: page.nextCursor };
    },

    get: async (workspaceId: string, id: string): Promise<ApiConversation> =>
      toApiConversation(await find(workspaceId, id)),

    /** Newest first in keyset pages; 404 unless the thread is the workspace's. */
    async messages(
      workspaceId: string,
      id: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ messages: ApiMessage[]; next: string | null }> {
      const { contact } = await find(workspaceId, id);
      const page = await api.page(workspaceId, { conversationId: id }, cursor, limit);
      return { messages: page.rows.map((row) => toApiMessage(row.message, contact.phoneNumber)), next: page.next };
    },
  };
}

export type ApiConversations = ReturnType<typeof createApiConversations>;
