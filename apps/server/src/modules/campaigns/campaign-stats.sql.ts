import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array.js';
import type { BucketedCount } from '../contacts/consent-stats.sql.js';

/**
 * The campaigns module's rows as the control panel reads them (analytics' repository embeds
 * these). A workspace has few campaigns: its rows are found through `campaigns_workspace_idx`.
 * Import only from a `*.repository.ts`.
 */

/** Campaigns started per bucket of `started_at`. */
export function campaignsStartedBucketsSql(workspaceId: string, b: BucketedCount): SQL {
  return sql`select width_bucket(started_at, ${b.starts}) as bucket, count(*)::int as value
    from campaigns
    where workspace_id = ${workspaceId}
      and started_at >= ${b.from.toISOString()}::timestamptz and started_at < ${b.end.toISOString()}::timestamptz
    group by 1`;
}

/** The latest started campaigns: `(id, name, state, at)`, newest first. */
export function latestStartedCampaignsSql(workspaceId: string, limit: number): SQL {
  return sql`select id, name, state, started_at as at from campaigns
    where workspace_id = ${workspaceId} and started_at is not null
    order by started_at desc, id desc limit ${limit}`;
}

/** The names of the workspace's campaigns among `ids`: `(id, name)`. */
export function campaignNamesSql(workspaceId: string, ids: string[]): SQL {
  return sql`select id, name from campaigns where workspace_id = ${workspaceId} and id = any(${pgArray(ids, 'uuid')})`;
}
