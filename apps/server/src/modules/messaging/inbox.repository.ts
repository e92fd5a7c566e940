import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { afterCursor, containsPattern, cursorText, encodeCursor } from '../../lib/keyset-cursor.js';
import { camelRow } from '../../lib/camel-row.js';
import { contactsTable } from '../contacts/contacts.sql.js';
import type { ContactRow, ConversationRow, MessageRow } from './message-rows.js';

export interface ConversationFilters {
  q?: string;
  networkId?: string;
  /** Only threads with unread messages (false: no filter, as the inbox's checkbox sends it). */
  unread?: boolean;
  /** Only threads read to the end (the developer API's `unread=false`). */
  read?: boolean;
  optedOut?: boolean;
  /** Only the threads of this number (E.164). */
  phoneNumber?: string;
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

/** What the API shows of a message (the dispatcher's lease columns stay behind). */
const MESSAGE_COLUMNS = sql.raw(
  ['id', 'network_id', 'conversation_id', 'contact_id', 'workspace_id', 'direction', 'body', 'encoding', 'segments']
    .concat(['state', 'origin', 'campaign_id', 'provider_message_id', 'error_code', 'error_text', 'attempts'])
    .concat(['created_at'])
    .concat(['sent_at', 'delivered_at', 'failed_at', 'received_at'])
    .map((column) => `m.${column}`)
    .join(', '),
);

/**
 * Runs a page query and brings its rows back as one JSON text: on the embedded database, decoding
 * one value costs a fraction of decoding fifty rows of twenty columns. The rows keep the
 * subquery's order.
 */
async function pageRows<R>(db: Db, query: SQL): Promise<R[]> {
  // As text, parsed here: the driver's own json decoding costs three times JSON.parse.
  const [row] = await queryRows<{ page: string | null }>(db, sql`select json_agg(p)::text as page from (${query}) p`);
  return row?.page ? (JSON.parse(row.page) as R[]) : [];
}

/** Cuts `limit + 1` rows into a page and the cursor of its last row. */
function pageOf<R extends CursorRow, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { rows: kept.map(map), nextCursor: more && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null };
}

/**
 * A thread with its contact's columns (named, not `row_to_json`: building JSON per row costs
 * more than the page's index scan on the embedded database).
 */
const THREAD_COLUMNS = sql`v.*, c.phone_number as contact_phone_number, c.name as contact_name,
  c.tags as contact_tags, c.opted_out_at as contact_opted_out_at, c.created_at as contact_created_at`;

type ThreadRow = CursorRow & {
  contact_phone_number: string;
  contact_name: string | null;
  contact_tags: string[];
  contact_opted_out_at: Date | string | null;
  contact_created_at: Date | string;
};

const withContact = (row: ThreadRow): ConversationWithContact => {
  const {
    cursor_at: _cursor,
    contact_phone_number,
    contact_name,
    contact_tags,
    contact_opted_out_at,
    contact_created_at,
    ...conversation
  } = row;
  const thread = camelRow<ConversationRow>(conversation);
  return {
    conversation: thread,
    contact: camelRow<ContactRow>({
      id: thread.contactId,
      workspace_id: thread.workspaceId,
      phone_number: contact_phone_number,
      name: contact_name,
      tags: contact_tags,
      opted_out_at: contact_opted_out_at,
      created_at: contact_created_at,
    }),
  };
};

/**
 * The SMS inbox's reads of conversations and messages (keyset pages, search, read state); every
 * query takes the workspace. A thread's contact is joined through the contacts module's table.
 */
export function createInboxRepository(db: Db) {
  return {
    /** The inbox: newest activity first, keyset pages on (last_message_at, id). */
    async list(
      workspaceId: string,
      filters: ConversationFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<Page<ConversationWithContact>> {
      // A thread with only voice messages (a caller who never texted) belongs to the voice inbox.
      const where: SQL[] = [sql`v.workspace_id = ${workspaceId}`, sql`v.has_sms`];
      if (filters.networkId) where.push(sql`v.network_id = ${filters.networkId}`);
      if (filters.unread) where.push(sql`v.unread_count > 0`);
      if (filters.read) where.push(sql`v.unread_count = 0`);
      if (filters.phoneNumber) where.push(sql`c.phone_number = ${filters.phoneNumber}`);
      if (filters.optedOut !== undefined)
        where.push(filters.optedOut ? sql`c.opted_out_at is not null` : sql`c.opted_out_at is null`);
      if (filters.from) where.push(sql`v.last_message_at >= ${filters.from}::timestamptz`);
      if (filters.to) where.push(sql`v.last_message_at < ${filters.to}::timestamptz`);
      if (filters.q) where.push(searchCondition(filters.q));
      if (cursor) where.push(afterCursor(sql`v.last_message_at`, sql`v.id`, cursor));
      // `desc nulls last` is the index's own order (Drizzle's `.desc()`); a plain `desc` means
      // nulls first, and the planner would then sort every thread instead of reading the index.
      const rows = await pageRows<ThreadRow>(
        db,
        sql`select ${THREAD_COLUMNS}, ${cursorText(sql`v.last_message_at`)} as cursor_at
          from conversations v join ${contactsTable} c on c.id = v.contact_id
          where ${sql.join(where, sql` and `)}
          order by v.last_message_at desc nulls last, v.id desc nulls last
          limit ${limit + 1}`,
      );
      return pageOf(rows, limit, withContact);
    },

    async find(workspaceId: string, id: string): Promise<ConversationWithContact | undefined> {
      const [row] = await queryRows<ThreadRow>(
        db,
        sql`select ${THREAD_COLUMNS}, '' as cursor_at
          from conversations v join ${contactsTable} c on c.id = v.contact_id
          where v.id = ${id} and v.workspace_id = ${workspaceId}`,
      );
      return row && withContact(row);
    },

    /**
     * A thread, newest first; the cursor goes back in time. An empty page may also mean the
     * conversation is not the workspace's: the caller tells the two apart.
     */
    async messages(
      workspaceId: string,
      conversationId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<Page<MessageRow>> {
      const rows = await pageRows<CursorRow>(
        db,
        sql`select ${MESSAGE_COLUMNS}, ${cursorText(sql`m.created_at`)} as cursor_at from messages m
          where m.conversation_id = ${conversationId} and m.workspace_id = ${workspaceId}
          ${cursor ? sql`and ${afterCursor(sql`m.created_at`, sql`m.id`, cursor)}` : sql``}
          order by m.created_at desc nulls last, m.id desc nulls last
          limit ${limit + 1}`,
      );
      return pageOf(rows, limit, ({ cursor_at: _cursor, ...row }) => camelRow<MessageRow>(row));
    },

    /** Marks every message read (unread false) or the thread unread (at least one). */
    async setUnread(workspaceId: string, id: string, unread: boolean): Promise<ConversationWithContact | undefined> {
      const [row] = await queryRows<ThreadRow>(
        db,
        sql`with v as (
            update conversations set unread_count = ${unread ? sql`greatest(unread_count, 1)` : sql`0`}
            where id = ${id} and workspace_id = ${workspaceId}
            returning *)
          select ${THREAD_COLUMNS}, '' as cursor_at from v join ${contactsTable} c on c.id = v.contact_id`,
      );
      return row && withContact(row);
    },

    /** Threads with unread messages (the inbox badge). */
    async unreadCount(workspaceId: string): Promise<number> {
      const [row] = await queryRows<{ unread: number }>(
        db,
        sql`select count(*)::int as unread from conversations where workspace_id = ${workspaceId} and unread_count > 0`,
      );
      return row?.unread ?? 0;
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

export type InboxRepository = ReturnType<typeof createInboxRepository>;
