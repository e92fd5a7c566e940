import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { pgArray } from '../../lib/pg-array.js';

/** One text[] parameter (tags, keys, a header). */
const textArray = (values: string[]) => pgArray(values, 'text');

/** The workspace's custom field keys (contact_fields), in display order. */
export function createContactFieldsRepository(db: Db) {
  return {
    /**
     * The keys; with `lock`, held (shared) until the caller's transaction ends, so a change of the
     * keys waits for contacts being written with them (and the other way round).
     */
    async keys(workspaceId: string, tx: Db = db, { lock = false } = {}): Promise<string[]> {
      const rows = await queryRows<{ key: string }>(
        tx,
        sql`select key from contact_fields where workspace_id = ${workspaceId} order by position
          ${lock ? sql`for share` : sql``}`,
      );
      return rows.map((row) => row.key);
    },

    /** Replaces the keys; a key left out is removed, and so are its values on every contact. */
    async replace(workspaceId: string, keys: string[], tx: Db): Promise<void> {
      const [row] = await queryRows<{ removed: string[] | null }>(
        tx,
        sql`with gone as (
            delete from contact_fields where workspace_id = ${workspaceId} and not (key = any(${textArray(keys)}))
            returning key
          ) select array_agg(key) as removed from gone`,
      );
      if (keys.length)
        await queryRows(
          tx,
          sql`insert into contact_fields (workspace_id, key, position)
            select ${workspaceId}::uuid, k, p::int from unnest(${textArray(keys)}) with ordinality as f(k, p)
            on conflict (workspace_id, key) do update set position = excluded.position`,
        );
      const removed = row?.removed ?? [];
      if (removed.length)
        await queryRows(
          tx,
          sql`update contacts set custom_fields = custom_fields - ${textArray(removed)}
            where workspace_id = ${workspaceId} and custom_fields ?| ${textArray(removed)}`,
        );
    },
  };
}

export type ContactFieldsRepository = ReturnType<typeof createContactFieldsRepository>;
