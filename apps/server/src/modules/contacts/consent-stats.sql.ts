import { sql, type SQL } from 'drizzle-orm';

/**
 * The contacts module's consent history counted for the control panel (analytics' repository
 * embeds it). Import only from a `*.repository.ts`.
 */

/** A count per bucket: `starts` is a timestamptz[] expression (ascending), `end` the exclusive end. */
export interface BucketedCount {
  starts: SQL;
  from: Date;
  end: Date;
}

/**
 * Opt-outs (consent changes to opted out, from any source) per bucket of `created_at`:
 * rows `(bucket, value)`, bucket 1-based as `width_bucket` numbers them; read through
 * `contact_consent_events_opt_outs_idx` (workspace, created_at where opted out).
 */
export function optOutBucketsSql(workspaceId: string, b: BucketedCount): SQL {
  return sql`select width_bucket(created_at, ${b.starts}) as bucket, count(*)::int as value
    from contact_consent_events
    where workspace_id = ${workspaceId} and opted_out
      and created_at >= ${b.from.toISOString()}::timestamptz and created_at < ${b.end.toISOString()}::timestamptz
    group by 1`;
}
