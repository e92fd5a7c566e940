import { sql, type SQL } from 'drizzle-orm';
import { workspaces } from '../../db/schema/index.js';

/**
 * The workspace's chosen default network (null: none), as a scalar subquery for networks'
 * default-network statement, so a send that names no network costs one query still. Import only
 * from a `*.repository.ts`.
 */
export const chosenDefaultNetworkId = (workspaceId: string): SQL =>
  sql`(select ${workspaces.defaultNetworkId} from ${workspaces} where ${workspaces.id} = ${workspaceId})`;
