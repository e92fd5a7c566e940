import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { afterCursor, containsPattern, cursorText, encodeCursor } from '../../lib/keyset-cursor.js';
import { camelRow, type ContactRow, type ConversationRow, type MessageRow } from '../messaging/message-rows.js';

export interface ConversationFilters {
  q?: string;
  networkId?: string;
  unread?: boolean;
  optedOut?: boolean;
  from?: string;
  to?: string;
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

export interface ConversationWithContact {
  conversation: ConversationRow;
  contact: ContactRow;
}

type CursorRow = Record<string, unknown> & { cursor_at: string; id: string };

/** Cuts `limit + 1` rows into a page and the cursor of its last row. */
function pageOf<R extends CursorRow, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { rows: kept.map(map), nextCursor: more && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

const withContact = (row: CursorRow & { contact: Record<string, unknown> }): ConversationWithContact => {
  const { contact, cursor_at: _cursor, ...conversation } = row;
  return { conversation: camelRow<ConversationRow>(conversation), contact: camelRow<ContactRow>(contact) };
};

/** Conversations, their messages and their counters; every query takes the workspace. */
export function createConversationsRepository(db: Db) {
  return {
    /** The inbox: newest activity first, keyset pages on (last_message_at, id). */
    async list(
      workspaceId: string,
      filters: ConversationFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<Page<ConversationWithContact>> {
      const where: SQL[] = [sql`v.workspace_id = ${workspaceId}`];
      if (filters.networkId) where.push(sql`v.network_id = ${filters.networkId}`);
      if (filters.unread) where.push(sql`v.unread_count > 0`);
      if (filters.optedOut !== undefined)
        where.push(filters.optedOut ? sql`c.opted_out_at is not null` : sql`c.opted_out_at is null`);
      if (filters.from) where.push(sql`v.last_message_at >= ${filters.from}::timestamptz`);
      if (filters.to) where.push(sql`v.last_message_at < ${filters.to}::timestamptz`);
      if (filters.q) where.push(searchCondition(filters.q));
      if (cursor) where.push(afterCursor(sql`v.last_message_at`, sql`v.id`, cursor));
      const rows = await queryRows<CursorRow & { contact: Record<string, unknown> }>(
        db,
        sql`select v.*, ${cursorText(sql`v.last_message_at`)} as cursor_at, row_to_json(c) as contact
          from conversations v join contacts c on c.id = v.contact_id
          where ${sql.join(where, sql` and `)}
          order by v.last_message_at desc, v.id desc
          limit ${limit + 1}`,
      );
      return pageOf(rows, limit, withContact);
    },

    async find(workspaceId: string, id: string): Promise<ConversationWithContact | undefined> {
      const [row] = await queryRows<CursorRow & { contact: Record<string, unknown> }>(
        db,
        sql`select v.*, '' as cursor_at, row_to_json(c) as contact
          from conversations v join contacts c on c.id = v.contact_id
          where v.id = ${id} and v.workspace_id = ${workspaceId}`,
      );
      return row && withContact(row);
    },

    /** A thread, newest first; the cursor goes back in time. */
    async messages(conversationId: string, cursor: string | undefined, limit: number): Promise<Page<MessageRow>> {
      const rows = await queryRows<CursorRow>(
        db,
        sql`select m.*, ${cursorText(sql`m.created_at`)} as cursor_at from messages m
          where m.conversation_id = ${conversationId}
          ${cursor ? sql`and ${afterCursor(sql`m.created_at`, sql`m.id`, cursor)}` : sql``}
          order by m.created_at desc, m.id desc
          limit ${limit + 1}`,
      );
      return pageOf(rows, limit, ({ cursor_at: _cursor, ...row }) => camelRow<MessageRow>(row));
    },

    /** Marks every message read (unread false) or the thread unread (at least one). */
    async setUnread(workspaceId: string, id: string, unread: boolean): Promise<ConversationWithContact | undefined> {
      const [row] = await queryRows<CursorRow & { contact: Record<string, unknown> }>(
        db,
        sql`with v as (
            update conversations set unread_count = ${unread ? sql`greatest(unread_count, 1)` : sql`0`}
            where id = ${id} and workspace_id = ${workspaceId}
            returning *)
          select v.*, '' as cursor_at, row_to_json(c) as contact from v join contacts c on c.id = v.contact_id`,
      );
      return row && withContact(row);
    },

    /** The navigation badges. */
    async counts(workspaceId: string) {
      const [row] = await queryRows<{ unread: number; unlistened: number }>(
        db,
        sql`select
          (select count(*)::int from conversations where workspace_id = ${workspaceId} and unread_count > 0) as unread,
          (select count(*)::int from voice_messages where workspace_id = ${workspaceId} and listened_at is null)
            as unlistened`,
      );
      return { unreadConversations: row?.unread ?? 0, unlistenedVoiceMessages: row?.unlistened ?? 0 };
    },
  };
}

/**
 * Search: the number (digits anywhere, whatever the spacing typed), the contact's name, or the
 * text of any message in the thread.
 */
function searchCondition(q: string): SQL {
  const text = containsPattern(q);
  const digits = q.replace(/\D/g, '');
  return sql`(c.name ilike ${text}
    ${digits.length >= 3 ? sql`or c.phone_number like ${`%${digits}%`}` : sql``}
    or exists (select 1 from messages m where m.conversation_id = v.id and m.body ilike ${text}))`;
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;
