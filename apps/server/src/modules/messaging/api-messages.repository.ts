import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageDirection, MessageState } from '@switchboard/contract';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';
import { camelRow } from '../../lib/camel-row.js';
import { afterCursor, cursorText, encodeCursor } from '../../lib/keyset-cursor.js';
import { contactsTable } from '../contacts/contacts.sql.js';
import { giveBackUsage } from '../workspaces/usage.sql.js';
import type { MessageRow } from './message-rows.js';

/** A message with its other party's number (the recipient, or the sender of an inbound one). */
export interface MessageWithNumber {
  message: MessageRow;
  phoneNumber: string;
}

export interface ApiMessageFilters {
  direction?: MessageDirection;
  state?: MessageState;
  networkId?: string;
  /** One thread's messages (the caller checked that it is the workspace's). */
  conversationId?: string;
  /** One developer API batch's messages. */
  batchId?: string;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
}

/**
 * The developer API's reads and cancel of a workspace's messages (every function takes the
 * workspace): newest first in keyset pages on (created_at, id).
 */
export function createApiMessagesRepository(db: Db) {
  const withNumber = {
    message: messages,
    phoneNumber: contactsTable.phoneNumber,
    at: sql<string>`${cursorText(sql`${messages.createdAt}`)}`,
  };

  return {
    /** In the caller's transaction when given (a message it just queued). */
    async find(workspaceId: string, id: string, tx: Db = db): Promise<MessageWithNumber | undefined> {
      const [row] = await tx
        .select(withNumber)
        .from(messages)
        .innerJoin(contactsTable, eq(contactsTable.id, messages.contactId))
        .where(and(eq(messages.workspaceId, workspaceId), eq(messages.id, id)));
      return row;
    },

    async page(
      workspaceId: string,
      filters: ApiMessageFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<{ rows: MessageWithNumber[]; next: string | null }> {
      const conditions: SQL[] = [eq(messages.workspaceId, workspaceId)];
      if (filters.direction) conditions.push(eq(messages.direction, filters.direction));
      if (filters.state) conditions.push(eq(messages.state, filters.state));
      if (filters.networkId) conditions.push(eq(messages.networkId, filters.networkId));
      if (filters.conversationId) conditions.push(eq(messages.conversationId, filters.conversationId));
      if (filters.batchId) conditions.push(eq(messages.batchId, filters.batchId), sql`${messages.batchId} is not null`);
      if (filters.from) conditions.push(gte(messages.createdAt, filters.from));
      if (filters.to) conditions.push(lt(messages.createdAt, filters.to));
      if (cursor) conditions.push(afterCursor(sql`${messages.createdAt}`, sql`${messages.id}`, cursor));
      const rows = await db
        .select(withNumber)
        .from(messages)
        .innerJoin(contactsTable, eq(contactsTable.id, messages.contactId))
        .where(and(...conditions))
        // `nulls last`: the order of messages_conversation_idx, read in place for one thread's page.
        .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.id} desc nulls last`)
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page,
        next: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.message.id }) : null,
      };
    },

    /**
     * Cancels a message outside campaigns that is still queued and gives its segments back, in
     * one statement (a dispatcher's claim locks the row, so exactly one of the two wins); undefined
     * when it is not (or no longer) queued.
     */
    async cancelQueued(workspaceId: string, id: string): Promise<MessageRow | undefined> {
      const [row] = await queryRows<{ message: Record<string, unknown> }>(
        db,
        sql`with changed as (
          update messages set state = 'cancelled', lease_until = null, updated_at = now()
          where workspace_id = ${workspaceId} and id = ${id} and state = 'queued' and campaign_id is null
          returning *
        ), given_back as (${giveBackUsage(sql`changed`)})
        select row_to_json(changed) as message from changed`,
      );
      return row ? camelRow<MessageRow>(row.message) : undefined;
    },
  };
}
