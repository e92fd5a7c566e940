import { sql, type SQL } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array.js';
import { contactsTable as contacts } from '../contacts/contacts.sql.js';

/**
 * The messaging module's few reads of `messages` for the control panel (analytics' repository
 * embeds them); every count comes from the roll-up, these read a handful of rows through an
 * index. Import only from a `*.repository.ts`.
 */

/**
 * The latest outbound messages of the given networks (the workspace's): `(id, network_id,
 * phone_number, state, segments, at)`, newest first. There is no (workspace, created_at) index on
 * messages; each network's newest rows come from `messages_network_time_idx` (network_id,
 * created_at) read backwards, `limit` per network at most, then merged.
 */
export function latestOutboundSql(workspaceId: string, networkIds: string[], limit: number): SQL {
  return sql`select m.id, m.network_id, c.phone_number, m.state, m.segments, m.created_at as at
    from unnest(${pgArray(networkIds, 'uuid')}) as n(id)
    cross join lateral (
      select id, network_id, contact_id, state, segments, created_at from messages
      where network_id = n.id and workspace_id = ${workspaceId} and direction = 'out'
      order by created_at desc limit ${limit}
    ) m
    join ${contacts} c on c.id = m.contact_id
    order by m.created_at desc, m.id desc limit ${limit}`;
}

/**
 * Inbox replies one user wrote (`sent_by`, its partial index with created_at) from `since`:
 * `(before, after)` = those before and from `split`, up to `until`.
 */
export function repliesBySenderSql(
  workspaceId: string,
  userId: string,
  at: { since: Date; split: Date; until: Date },
): SQL {
  const split = sql`${at.split.toISOString()}::timestamptz`;
  return sql`select count(*) filter (where created_at < ${split})::int as before,
      count(*) filter (where created_at >= ${split})::int as after
    from messages
    where sent_by = ${userId} and workspace_id = ${workspaceId}
      and created_at >= ${at.since.toISOString()}::timestamptz and created_at < ${at.until.toISOString()}::timestamptz`;
}

/**
 * One error text of a failed outbound message with `code`, looked for in one network's messages
 * of one hour (the roll-up names the latest hour and network that code failed in), so at most an
 * hour of one network is read through `messages_network_time_idx`: `(error_text)`.
 */
export function failureTextSql(workspaceId: string, sample: { networkId: string; hour: Date; code: string }): SQL {
  const from = sample.hour.toISOString();
  return sql`select error_text from messages
    where network_id = ${sample.networkId} and workspace_id = ${workspaceId}
      and created_at >= ${from}::timestamptz and created_at < ${from}::timestamptz + interval '1 hour'
      and direction = 'out' and state = 'failed' and coalesce(error_code, '') = ${sample.code} and error_text is not null
    limit 1`;
}
