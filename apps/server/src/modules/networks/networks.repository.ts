import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { networkLogs, networks } from '../../db/schema/index.js';

export type NetworkRow = typeof networks.$inferSelect;
export type NewNetworkRow = typeof networks.$inferInsert;
export type NetworkLogRow = typeof networkLogs.$inferSelect;

/** Log entries kept per network (the newest). */
export const LOG_KEPT = 500;

/** Networks and their logs. Workspace-facing queries take `workspaceId`; channel-facing ones take a network id from a verified source. */
export function createNetworksRepository(db: Db) {
  return {
    async insert(values: NewNetworkRow, tx: Db = db): Promise<NetworkRow> {
      const [row] = await tx.insert(networks).values(values).returning();
      return row!;
    },

    list: (workspaceId: string) =>
      db.select().from(networks).where(eq(networks.workspaceId, workspaceId)).orderBy(networks.createdAt),

    async findInWorkspace(workspaceId: string, id: string): Promise<NetworkRow | undefined> {
      const [row] = await db
        .select()
        .from(networks)
        .where(and(eq(networks.workspaceId, workspaceId), eq(networks.id, id)));
      return row;
    },

    /** For channels (webhooks, binds): the network a verified request or lease points at. */
    async findById(id: string, tx: Db = db): Promise<NetworkRow | undefined> {
      const [row] = await tx.select().from(networks).where(eq(networks.id, id));
      return row;
    },

    async update(workspaceId: string, id: string, values: Partial<NewNetworkRow>): Promise<NetworkRow | undefined> {
      const [row] = await db
        .update(networks)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(networks.workspaceId, workspaceId), eq(networks.id, id)))
        .returning();
      return row;
    },

    /** Status changes from channels; returns the row only when something changed. */
    async setStatus(
      id: string,
      status: NetworkRow['status'],
      lastError: string | null,
    ): Promise<NetworkRow | undefined> {
      const [row] = await db
        .update(networks)
        .set({ status, lastError, lastSeenAt: status === 'connected' ? new Date() : undefined })
        .where(
          and(
            eq(networks.id, id),
            sql`(${networks.status} is distinct from ${status} or ${networks.lastError} is distinct from ${lastError})`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Records a sign of life. Written only when the stored time is over 10 seconds old: it
     * comes with every message, and rewriting a row per message would cost more than the message.
     */
    async touch(ids: string[], tx: Db = db): Promise<void> {
      await tx
        .update(networks)
        .set({ lastSeenAt: new Date() })
        .where(
          and(
            inArray(networks.id, ids),
            sql`(${networks.lastSeenAt} is null or ${networks.lastSeenAt} < now() - interval '10 seconds')`,
          ),
        );
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(networks)
        .where(and(eq(networks.workspaceId, workspaceId), eq(networks.id, id)))
        .returning({ id: networks.id });
      return rows.length > 0;
    },

    /** The ids among `ids` that are networks of the workspace. */
    async ownIds(workspaceId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: networks.id })
        .from(networks)
        .where(and(eq(networks.workspaceId, workspaceId), inArray(networks.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** The workspace's networks (id, name, address). */
    summaries: (workspaceId: string, tx: Db = db) =>
      tx
        .select({ id: networks.id, name: networks.name, address: networks.address })
        .from(networks)
        .where(eq(networks.workspaceId, workspaceId)),

    /** Adds an entry and keeps the newest LOG_KEPT per network, so a flood of forged webhooks cannot fill the disk. */
    async addLog(networkId: string, entry: Pick<NetworkLogRow, 'kind' | 'message' | 'details'>): Promise<void> {
      await db.insert(networkLogs).values({ networkId, ...entry });
      await db.execute(sql`
        delete from ${networkLogs} where ${networkLogs.networkId} = ${networkId} and ${networkLogs.id} not in (
          select id from ${networkLogs} where ${networkLogs.networkId} = ${networkId}
          order by ${networkLogs.createdAt} desc limit ${LOG_KEPT})`);
    },

    listLogs: (networkId: string, limit: number) =>
      db
        .select()
        .from(networkLogs)
        .where(eq(networkLogs.networkId, networkId))
        .orderBy(desc(networkLogs.createdAt))
        .limit(limit),
  };
}

export type NetworksRepository = ReturnType<typeof createNetworksRepository>;
