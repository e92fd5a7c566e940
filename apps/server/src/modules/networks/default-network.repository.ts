import { and, eq, sql } from 'drizzle-orm';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import { networks } from '../../db/schema/index.js';
import { chosenDefaultNetworkId } from '../workspaces/workspaces.sql.js';

/** How long an instance trusts its answer (a safety net: any network change drops it, see below). */
const DEFAULT_CACHE_MS = 5_000;
const DEFAULT_CACHE_SIZE = 10_000;

/**
 * Which network a send that names none goes through (the developer API), kept a few seconds per
 * workspace so a burst of API sends costs no query for it. It listens to the networks service's
 * changes, which include those made on other instances (their 'network.changed' notices,
 * network-changes.ts), and to the defaults workspaces choose on other instances
 * ('network.default-changed'), so a change applies everywhere within a second.
 */
export function createDefaultNetworkRepository(
  db: Db,
  changes: { add(listener: () => void): unknown },
  bus: Pick<ClusterBus, 'on' | 'onResync' | 'broadcast'>,
) {
  const cache = new Map<string, { id: string | undefined; until: number }>();
  let forgotten = 0;
  const forget = (workspaceId?: string) => {
    forgotten += 1;
    if (workspaceId) cache.delete(workspaceId);
    else cache.clear();
  };
  // Networks change rarely: any change (create, edit, enable, remove) empties the whole cache,
  // as does a lost connection to the other instances (notices of the gap may be lost).
  changes.add(() => forget());
  bus.onResync(() => forget());
  // A workspace chose another default in its profile on another instance.
  bus.on('network.default-changed', ({ workspaceId }) => forget(workspaceId));

  /**
   * The workspace's default network: the one its profile names when that is enabled; else its
   * oldest enabled network that is not a sandbox (a
   * workspace that connected a real channel means to send through it), else its oldest enabled
   * sandbox (a new workspace has only its sandbox, so the API works at once for a trial).
   */
  async function read(workspaceId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: networks.id })
      .from(networks)
      .where(and(eq(networks.workspaceId, workspaceId), eq(networks.enabled, true)))
      .orderBy(
        sql`coalesce(${networks.id} = ${chosenDefaultNetworkId(workspaceId)}, false) desc`,
        sql`${networks.kind} = 'sandbox'`,
        networks.createdAt,
        networks.id,
      )
      .limit(1);
    return row?.id;
  }

  return {
    /** The workspace's profile chose another default: forgotten here at once, elsewhere by notice. */
    chosen(workspaceId: string): void {
      forget(workspaceId);
      void bus.broadcast('network.default-changed', { workspaceId });
    },

    async defaultId(workspaceId: string): Promise<string | undefined> {
      const hit = cache.get(workspaceId);
      if (hit && hit.until > Date.now()) return hit.id;
      const forgottenBefore = forgotten;
      const id = await read(workspaceId);
      // A change while the read was under way may not be in it: answer, but do not keep it.
      if (forgotten !== forgottenBefore) return id;
      if (cache.size >= DEFAULT_CACHE_SIZE) cache.clear();
      cache.set(workspaceId, { id, until: Date.now() + DEFAULT_CACHE_MS });
      return id;
    },
  };
}
