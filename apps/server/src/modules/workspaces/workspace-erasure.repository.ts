import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';

interface Edge {
  child: string;
  parent: string;
}

/** Tables in an order that deletes every referencing table before the tables it references. */
function childrenFirst(tables: string[], edges: Edge[]): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges)
      if (edge.parent === table && edge.child !== table && tables.includes(edge.child)) visit(edge.child);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/**
 * Deleting a workspace with everything in it, in the caller's transaction. Deliberately the one
 * statement set that reaches past table owners: erasure must reach every table holding the
 * workspace's rows, including those added later and those without a foreign key to workspaces
 * (messages, conversations, voice messages, consent events, firings… carry `workspace_id` without
 * one, for the cost per row). So it reads the catalogue: every table with a `workspace_id` column
 * is emptied of the workspace's rows, referencing tables first, then the workspace's row itself
 * (cascading to the rest). The route test checks that nothing with its id remains anywhere.
 */
export function createWorkspaceErasureRepository() {
  return {
    /** The files the workspace's rows point at, to delete after the commit. */
    async fileKeys(workspaceId: string, tx: Db): Promise<string[]> {
      const rows = await queryRows<{ key: string }>(
        tx,
        sql`
        select storage_key as key from voice_messages where workspace_id = ${workspaceId}
        union all select file_key from contact_imports where workspace_id = ${workspaceId}
        union all select invalid_key from contact_imports where workspace_id = ${workspaceId} and invalid_key is not null
        union all select avatar_key from users where workspace_id = ${workspaceId} and avatar_key is not null
        union all select logo_key from workspaces where id = ${workspaceId} and logo_key is not null`,
      );
      return rows.map((row) => row.key);
    },

    async erase(workspaceId: string, tx: Db): Promise<void> {
      const tables = await queryRows<{ table: string }>(
        tx,
        sql`
        select c.table_name as table from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.column_name = 'workspace_id' and c.table_schema = current_schema()
          and t.table_type = 'BASE TABLE' and c.table_name <> 'workspaces'`,
      );
      const edges = await queryRows<Edge>(
        tx,
        sql`
        select c.relname as child, p.relname as parent from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        where k.contype = 'f'`,
      );
      const names = tables.map((row) => row.table).sort();
      for (const table of childrenFirst(names, edges)) {
        await tx.execute(sql`delete from ${sql.identifier(table)} where workspace_id = ${workspaceId}`);
      }
      await tx.execute(sql`delete from workspaces where id = ${workspaceId}`);
    },
  };
}
