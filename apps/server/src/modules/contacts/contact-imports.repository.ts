import type { ImportPurpose, InvalidImportRow } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { camelRow } from '../../lib/camel-row.js';
import type { contactImports } from '../../db/schema/index.js';
import { pgArray } from '../../lib/pg-array.js';

export type ContactImportRow = typeof contactImports.$inferSelect;

/** A running import's lease: renewed with every batch; past it, the import was interrupted. */
export const IMPORT_LEASE_SECONDS = 30;

export interface NewImport {
  workspaceId: string;
  createdBy: string;
  fileKey: string;
  fileName: string;
  sizeBytes: number;
  delimiter: string;
  hasBom: boolean;
  header: string[];
  totalRows: number;
  purpose: ImportPurpose;
}

export interface ImportProgress {
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  invalid: number;
  duplicates: number;
  invalidRows: InvalidImportRow[];
}

/** One text[] parameter (tags, keys, a header). */
const textArray = (values: string[]) => pgArray(values, 'text');

const one = async (db: Db, query: ReturnType<typeof sql>) => {
  const [row] = await queryRows<Record<string, unknown>>(db, query);
  return row && camelRow<ContactImportRow>(row);
};

/** The contact_imports table. Every workspace-facing function takes the workspace. */
export function createContactImportsRepository(db: Db) {
  return {
    insert: (values: NewImport) =>
      one(
        db,
        sql`insert into contact_imports (workspace_id, created_by, file_key, file_name, size_bytes, delimiter,
            has_bom, header, total_rows, purpose)
          values (${values.workspaceId}, ${values.createdBy}, ${values.fileKey}, ${values.fileName},
            ${values.sizeBytes}, ${values.delimiter}, ${values.hasBom}, ${textArray(values.header)}, ${values.totalRows},
            ${values.purpose})
          returning *`,
      ) as Promise<ContactImportRow>,

    /** The import; first marks the workspace's imports whose lease ran out as failed (interrupted). */
    async find(workspaceId: string, id: string): Promise<ContactImportRow | undefined> {
      await queryRows(
        db,
        sql`update contact_imports set state = 'failed', finished_at = now(), lease_until = null,
            error = 'The server stopped during the import. What was written stays; import the file again to finish it.'
          where workspace_id = ${workspaceId} and state = 'running' and lease_until < now()`,
      );
      return one(db, sql`select * from contact_imports where id = ${id} and workspace_id = ${workspaceId}`);
    },

    /** The header and mapping of the workspace's last started import of this purpose. */
    async lastMapping(
      workspaceId: string,
      purpose: ImportPurpose,
    ): Promise<{ header: string[]; mapping: string[] } | undefined> {
      const row = await one(
        db,
        sql`select * from contact_imports where workspace_id = ${workspaceId} and purpose = ${purpose}
            and mapping is not null
          order by started_at desc nulls last limit 1`,
      );
      return row?.mapping ? { header: row.header, mapping: row.mapping } : undefined;
    },

    /**
     * uploaded → running, once: of concurrent starts (on any instance) exactly one gets the row.
     */
    claim: (workspaceId: string, id: string, mapping: string[], options: Record<string, unknown>) =>
      one(
        db,
        sql`update contact_imports set state = 'running', mapping = ${JSON.stringify(mapping)}::jsonb,
            options = ${JSON.stringify(options)}::jsonb, started_at = now(),
            lease_until = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
          where id = ${id} and workspace_id = ${workspaceId} and state = 'uploaded' returning *`,
      ),

    /**
     * In the batch's transaction: the progress so far, and the lease renewed. False when the
     * import is no longer running (cancelled): the caller rolls the batch back and stops.
     */
    async progress(id: string, progress: ImportProgress, tx: Db): Promise<boolean> {
      const rows = await queryRows(
        tx,
        sql`update contact_imports set processed_rows = ${progress.processedRows}, created = ${progress.created},
            updated = ${progress.updated}, skipped = ${progress.skipped}, invalid = ${progress.invalid},
            duplicates = ${progress.duplicates}, invalid_rows = ${JSON.stringify(progress.invalidRows)}::jsonb,
            lease_until = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
          where id = ${id} and state = 'running' returning id`,
      );
      return rows.length > 0;
    },

    /** running → completed or failed (a cancelled one stays cancelled); the row as it ends. */
    finish: (id: string, outcome: { state: 'completed' | 'failed'; error?: string; invalidKey: string | null }) =>
      one(
        db,
        sql`update contact_imports set
            state = case when state = 'running' then ${outcome.state}::contact_import_state else state end,
            error = case when state = 'running' then ${outcome.error ?? null} else error end,
            finished_at = coalesce(finished_at, now()), lease_until = null, invalid_key = ${outcome.invalidKey}
          where id = ${id} returning *`,
      ),

    /**
     * Across workspaces (a periodic sweep): deletes the uploads never started before `cutoff`
     * in one statement and answers their files' keys. Of sweeps on several instances each row
     * goes to one; a start that claimed a row first keeps it (the row no longer matches).
     */
    async deleteUnstarted(cutoff: Date): Promise<string[]> {
      const rows = await queryRows<{ file_key: string }>(
        db,
        sql`delete from contact_imports where state = 'uploaded' and created_at < ${cutoff.toISOString()}::timestamptz
          returning file_key`,
      );
      return rows.map((row) => row.file_key);
    },

    /** uploaded or running → cancelled; undefined when it was not either. */
    cancel: (workspaceId: string, id: string) =>
      one(
        db,
        sql`update contact_imports set state = 'cancelled', finished_at = now()
          where id = ${id} and workspace_id = ${workspaceId} and state in ('uploaded', 'running') returning *`,
      ),
  };
}

export type ContactImportsRepository = ReturnType<typeof createContactImportsRepository>;
