import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { networkLeases, networks } from '../../db/schema/index.js';

/**
 * Which instance runs each network (its channel and dispatcher). Across workspaces by design:
 * an instance leases every enabled network; no workspace-facing request reaches these.
 */
export function createNetworkLeasesRepository(db: Db) {
  return {
    /**
     * Takes or renews the lease of every enabled network for `holder`; a lease held by another
     * instance is taken only once it has run out. Returns the ids this holder now runs.
     */
    async claimLeases(holder: string, seconds: number): Promise<string[]> {
      const rows = await queryRows<{ network_id: string }>(
        db,
        sql`
        insert into ${networkLeases} (network_id, holder, expires_at)
        select id, ${holder}, now() + make_interval(secs => ${seconds}) from ${networks} where enabled
        on conflict (network_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
          where ${networkLeases.holder} = excluded.holder or ${networkLeases.expiresAt} < now()
        returning network_id`,
      );
      return rows.map((r) => r.network_id);
    },

    async releaseLeases(holder: string, networkIds?: string[]): Promise<void> {
      await db
        .delete(networkLeases)
        .where(
          networkIds
            ? and(eq(networkLeases.holder, holder), inArray(networkLeases.networkId, networkIds))
            : eq(networkLeases.holder, holder),
        );
    },

    /** Embedded database only (one process by the data-dir lock): every lease left is a dead process's. */
    async clearAllLeases(): Promise<void> {
      await db.delete(networkLeases);
    },
  };
}
