import { sql, type SQL } from 'drizzle-orm';
import type { BucketedCount } from '../contacts/consent-stats.sql.js';

/**
 * The voice module's messages counted for the control panel (analytics' repository embeds it).
 * Import only from a `*.repository.ts`.
 */

/** Voice messages received per bucket of `created_at` (the inbox index: workspace, created_at). */
export function voiceBucketsSql(workspaceId: string, b: BucketedCount): SQL {
  return sql`select width_bucket(created_at, ${b.starts}) as bucket, count(*)::int as value
    from voice_messages
    where workspace_id = ${workspaceId}
      and created_at >= ${b.from.toISOString()}::timestamptz and created_at < ${b.end.toISOString()}::timestamptz
    group by 1`;
}
