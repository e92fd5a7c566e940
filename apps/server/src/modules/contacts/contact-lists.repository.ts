import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import { and } from './contact-query.js';
import type { ContactListRow } from './contact-view.js';

const LIST_COLUMNS = sql`l.id, l.name, l.created_at, l.updated_at,
  (select count(*) from contact_list_members m where m.list_id = l.id)::int as member_count`;

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** A workspace's lists ("static groups") and who is on them. Every function takes the workspace. */
export function createContactListsRepository(db: Db) {
  const find = async (workspaceId: string, id: string, tx: Db = db): Promise<ContactListRow | undefined> => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${LIST_COLUMNS} from contact_lists l where l.id = ${id} and l.workspace_id = ${workspaceId}`,
    );
    return row && camelRow<ContactListRow>(row);
  };

  return {
    find,

    /** Whether the list is the workspace's (no member count: a filter checks this on every page). */
    async exists(workspaceId: string, id: string): Promise<boolean> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`select id from contact_lists where id = ${id} and workspace_id = ${workspaceId}`,
      );
      return !!row;
    },

    async list(workspaceId: string): Promise<ContactListRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${LIST_COLUMNS} from contact_lists l where l.workspace_id = ${workspaceId}
          order by lower(l.name), l.id`,
      );
      return rows.map((row) => camelRow<ContactListRow>(row));
    },

    /** Of these list ids, those that are not the workspace's. */
    async missing(workspaceId: string, ids: string[], tx: Db = db): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select id from contact_lists where workspace_id = ${workspaceId}
          and id in (${uuids(ids)})`,
      );
      const found = new Set(rows.map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },

    /** A new list; undefined when the workspace has one of that name (any case). */
    async create(workspaceId: string, name: string): Promise<ContactListRow | undefined> {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into contact_lists (workspace_id, name) values (${workspaceId}, ${name})
          on conflict do nothing returning id`,
      );
      return row && find(workspaceId, row.id);
    },

    async rename(workspaceId: string, id: string, name: string): Promise<ContactListRow | 'taken' | undefined> {
      try {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`update contact_lists set name = ${name}, updated_at = now()
            where id = ${id} and workspace_id = ${workspaceId} returning id`,
        );
        return row && find(workspaceId, row.id);
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** Deletes the list and its memberships (the contacts stay); false if not the workspace's. */
    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from contact_lists where id = ${id} and workspace_id = ${workspaceId} returning id`,
      );
      return rows.length > 0;
    },

    /** Makes the contact a member of exactly these lists (checked to be the workspace's). */
    async setMemberships(contactId: string, listIds: string[], tx: Db): Promise<void> {
      const ids = uuids(listIds);
      await queryRows(
        tx,
        sql`delete from contact_list_members where contact_id = ${contactId}
          ${listIds.length ? sql`and list_id not in (${ids})` : sql``}`,
      );
      if (listIds.length)
        await queryRows(
          tx,
          sql`insert into contact_list_members (list_id, contact_id, contact_created_at)
            select l, c.id, c.created_at from contacts c, unnest(array[${ids}]) as l where c.id = ${contactId}
            on conflict do nothing`,
        );
    },

    /** Adds the contacts matching `where` (over `contacts c`) to the list; how many were not on it. */
    async addMembers(listId: string, where: SQL[]): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with added as (
            insert into contact_list_members (list_id, contact_id, contact_created_at)
            select ${listId}::uuid, c.id, c.created_at from contacts c where ${and(where)}
            on conflict do nothing returning 1
          ) select count(*)::int as n from added`,
      );
      return row?.n ?? 0;
    },

    /** Takes the contacts matching `where` off the list; how many were on it. */
    async removeMembers(listId: string, where: SQL[]): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with removed as (
            delete from contact_list_members m using contacts c
            where m.list_id = ${listId} and m.contact_id = c.id and ${and(where)} returning 1
          ) select count(*)::int as n from removed`,
      );
      return row?.n ?? 0;
    },
  };
}

export type ContactListsRepository = ReturnType<typeof createContactListsRepository>;
