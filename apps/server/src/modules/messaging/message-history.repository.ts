import { sql } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array.js';
import { queryRows, type Db } from '../../db/database.js';
import { messages } from '../../db/schema/index.js';

export interface CountsSince {
  settledIn: number;
  settledOut: number;
  allIn: number;
  allOut: number;
}

export interface NetworkCounts {
  inToday: number;
  outToday: number;
}

/** Questions about the messages a workspace exchanged so far; every function takes the workspace. */
export function createMessageHistoryRepository(db: Db) {
  return {
    /**
     * Messages in and out per network of the workspace, each network counted from its own `since`:
     * `settled*` those stored before `settledBefore`, `all*` every one.
     */
    async countsSince(
      workspaceId: string,
      networks: ReadonlyArray<{ id: string; since: Date }>,
      settledBefore: Date,
    ): Promise<Array<{ networkId: string } & CountsSince>> {
      if (networks.length === 0) return [];
      return queryRows(
        db,
        sql`select t.id as "networkId", c.*
            from unnest(${pgArray(
              networks.map((n) => n.id),
              'uuid',
            )}, ${pgArray(
              networks.map((n) => n.since.toISOString()),
              'timestamptz',
            )}) as t(id, since)
            cross join lateral (
              select count(*) filter (where m.direction = 'in' and m.created_at < ${settledBefore.toISOString()}::timestamptz)::int as "settledIn",
                     count(*) filter (where m.direction = 'out' and m.created_at < ${settledBefore.toISOString()}::timestamptz)::int as "settledOut",
                     count(*) filter (where m.direction = 'in')::int as "allIn",
                     count(*) filter (where m.direction = 'out')::int as "allOut"
              from ${messages} m
              where m.network_id = t.id and m.created_at >= t.since and m.workspace_id = ${workspaceId}
            ) c`,
      );
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
