import { and, eq, gte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';

export interface NetworkCounts {
  inToday: number;
  outToday: number;
}

/** Questions about the messages a workspace exchanged so far; every function takes the workspace. */
export function createMessageHistoryRepository(db: Db) {
  return {
    /** Messages in and out since `since`, per network of the workspace (or of one network). */
    async countsSince(workspaceId: string, since: Date, networkId?: string): Promise<Map<string, NetworkCounts>> {
      const rows = await db
        .select({
          networkId: messages.networkId,
          inToday: sql<number>`count(*) filter (where ${messages.direction} = 'in')::int`,
          outToday: sql<number>`count(*) filter (where ${messages.direction} = 'out')::int`,
        })
        .from(messages)
        .where(
          and(
            eq(messages.workspaceId, workspaceId),
            networkId ? eq(messages.networkId, networkId) : undefined,
            gte(messages.createdAt, since),
          ),
        )
        .groupBy(messages.networkId);
      return new Map(rows.map((r) => [r.networkId, { inToday: r.inToday, outToday: r.outToday }]));
    },

    /** Whether the contact sent the workspace any message other than `exceptMessageId`. */
    async hasEarlierInbound(
      workspaceId: string,
      contactId: string,
      exceptMessageId: string | null,
      tx: Db = db,
    ): Promise<boolean> {
      const [row] = await queryRows<{ found: boolean }>(
        tx,
        sql`select exists (select 1 from conversations c join messages m on m.conversation_id = c.id
          where c.contact_id = ${contactId} and c.workspace_id = ${workspaceId} and m.direction = 'in'
            and ${exceptMessageId ? sql`m.id <> ${exceptMessageId}` : sql`true`}) as found`,
      );
      return !!row?.found;
    },
  };
}
