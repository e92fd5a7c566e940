import type {
  Contact,
  Conversation,
  ConversationListResponse,
  InboxCounts,
  Message,
  ThreadResponse,
  UpdateContactBody,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { camelRow, toContact, toConversation, toMessage, type ContactRow } from '../messaging/message-rows.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import {
  createConversationsRepository,
  type ConversationFilters,
  type ConversationWithContact,
} from './conversations.repository.js';

export interface ConversationsDeps {
  db: Db;
  messaging: MessagingService;
  events: EventPublisher;
}

const view = ({ conversation, contact }: ConversationWithContact): Conversation =>
  toConversation(conversation, contact);

/** The SMS inbox: threads, their pages of messages, read state, replies and contacts. */
export function createConversationsService(deps: ConversationsDeps) {
  const repo = createConversationsRepository(deps.db);

  async function find(workspaceId: string, id: string): Promise<ConversationWithContact> {
    const found = await repo.find(workspaceId, id);
    if (!found) throw new AppError('NOT_FOUND', 'No such conversation in this workspace.');
    return found;
  }

  return {
    async list(
      workspaceId: string,
      filters: ConversationFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<ConversationListResponse> {
      const page = await repo.list(workspaceId, filters, cursor, limit);
      return { conversations: page.rows.map(view), nextCursor: page.nextCursor };
    },

    get: async (workspaceId: string, id: string): Promise<Conversation> => view(await find(workspaceId, id)),

    async messages(
      workspaceId: string,
      id: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<ThreadResponse> {
      const page = await repo.messages(workspaceId, id, cursor, limit);
      // Nothing found: an empty thread of this workspace, or not one of its threads at all.
      if (page.rows.length === 0) await find(workspaceId, id);
      return { messages: page.rows.map(toMessage), nextCursor: page.nextCursor };
    },

    async setUnread(workspaceId: string, id: string, unread: boolean): Promise<Conversation> {
      const updated = await repo.setUnread(workspaceId, id, unread);
      if (!updated) throw new AppError('NOT_FOUND', 'No such conversation in this workspace.');
      const conversation = view(updated);
      deps.events.toWorkspace(workspaceId, 'conversation.updated', { conversation });
      return conversation;
    },

    /** A reply in the thread: its network, to its contact, through the one outbound function. */
    async reply(workspaceId: string, id: string, body: string): Promise<Message> {
      const { conversation, contact } = await find(workspaceId, id);
      return deps.messaging.queue({
        workspaceId,
        networkId: conversation.networkId,
        to: contact.phoneNumber,
        body,
        origin: 'reply',
      });
    },

    counts: (workspaceId: string): Promise<InboxCounts> => repo.counts(workspaceId),

    /** Name, tags, and the manual opt-out / opt-in (no confirmation is sent for these). */
    async updateContact(workspaceId: string, id: string, patch: UpdateContactBody): Promise<Contact> {
      const sets = [];
      if (patch.name !== undefined) sets.push(sql`name = ${patch.name?.trim() || null}`);
      if (patch.tags !== undefined) {
        const tags = [...new Set(patch.tags.map((tag) => tag.trim()))];
        sets.push(
          sql`tags = ${sql`array[${sql.join(
            tags.map((tag) => sql`${tag}`),
            sql`, `,
          )}]::text[]`}`,
        );
      }
      if (patch.optedOut !== undefined)
        sets.push(patch.optedOut ? sql`opted_out_at = coalesce(opted_out_at, now())` : sql`opted_out_at = null`);
      const [row] = await queryRows<Record<string, unknown>>(
        deps.db,
        sets.length
          ? sql`update contacts set ${sql.join(sets, sql`, `)} where id = ${id} and workspace_id = ${workspaceId} returning *`
          : sql`select * from contacts where id = ${id} and workspace_id = ${workspaceId}`,
      );
      if (!row) throw new AppError('NOT_FOUND', 'No such contact in this workspace.');
      const contact = toContact(camelRow<ContactRow>(row));
      deps.events.toWorkspace(workspaceId, 'contact.updated', { contact });
      return contact;
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
