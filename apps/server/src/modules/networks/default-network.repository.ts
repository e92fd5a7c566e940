import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { networks } from '../../db/schema/index.js';

/** Which network a send that names none goes through (the developer API). */
export function createDefaultNetworkRepository(db: Db) {
  return {
    /**
     * The workspace's default network: its oldest enabled network that is not a sandbox (a
     * workspace that connected a real channel means to send through it), else its oldest enabled
     * sandbox (a new workspace has only its sandbox, so the API works at once for a trial).
     */
    async defaultId(workspaceId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: networks.id })
        .from(networks)
        .where(and(eq(networks.workspaceId, workspaceId), eq(networks.enabled, true)))
        .orderBy(sql`${networks.kind} = 'sandbox'`, networks.createdAt, networks.id)
        .limit(1);
      return row?.id;
    },
  };
}
