import { MAX_CONTACT_TAGS, type ImportMode } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import type { EncodedContacts } from './import-batches.js';

export interface ImportBatchOptions {
  mode: ImportMode;
  listId: string | null;
}

/**
 * An import's batch of contacts (numbers unique within it) in one statement: the rows travel as
 * one JSON parameter (encoded where they were read, see import-batches.ts) (jsonb_to_recordset), so a batch of thousands is one round trip whatever its
 * size. Existing numbers get the batch's non-empty values (`update`: name, time zone and fields
 * replaced, tags added up to the limit) or are left alone (`skip`); new and updated contacts join
 * the list. The opt-out state is never touched: an import does not opt anyone in or out.
 */
export function createContactImportBatchRepository() {
  return async function writeBatch(
    workspaceId: string,
    contacts: EncodedContacts,
    options: ImportBatchOptions,
    tx: Db,
  ): Promise<{ created: number; updated: number }> {
    if (!contacts.count) return { created: 0, updated: 0 };
    const onConflict =
      options.mode === 'skip'
        ? sql`do nothing`
        : sql`do update set
            name = coalesce(excluded.name, c.name),
            tags = array(select t from unnest(c.tags || excluded.tags) with ordinality u(t, o)
              group by t order by min(o) limit ${MAX_CONTACT_TAGS}),
            time_zone = coalesce(excluded.time_zone, c.time_zone),
            custom_fields = c.custom_fields || excluded.custom_fields,
            updated_at = now()`;
    const joinList = options.listId
      ? sql`, joined as (
          insert into contact_list_members (list_id, contact_id, contact_created_at)
          select ${options.listId}::uuid, id, created_at from written on conflict do nothing
        )`
      : sql``;
    const [row] = await queryRows<{ created: number; updated: number }>(
      tx,
      sql`with input as (
          select * from jsonb_to_recordset(${contacts.json}::jsonb)
            as r("phoneNumber" text, name text, tags text[], "timeZone" text, "customFields" jsonb)
        ), written as (
          insert into contacts as c (workspace_id, phone_number, name, tags, time_zone, custom_fields)
          select ${workspaceId}::uuid, "phoneNumber", name, tags, "timeZone", "customFields" from input
          on conflict (workspace_id, phone_number) ${onConflict}
          returning c.id, c.created_at, (c.xmax = 0) as created
        )${joinList}
        select count(*) filter (where created)::int as created, count(*) filter (where not created)::int as updated
        from written`,
    );
    return { created: row?.created ?? 0, updated: row?.updated ?? 0 };
  };
}

export type WriteImportBatch = ReturnType<typeof createContactImportBatchRepository>;
