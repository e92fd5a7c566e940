import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { WriteImportBatch } from './contact-import-batch.repository.js';

/**
 * An import's batch writer whose foreign keys are checked once for the batch instead of once a row.
 *
 * PostgreSQL checks a foreign key with a query of its own for every row inserted (an AFTER
 * trigger): a batch of 2,000 contacts joining a list runs 6,000 of them (contact → workspace,
 * member → list, member → contact), ~25 µs a row on PGlite, a fifth of the whole import. The
 * batch gives the same guarantee with one statement: it locks the workspace and the list as the
 * checks do (`for key share`, so neither can be deleted until the batch commits, and a deleted
 * one stops the import), and every member's contact is a row the batch's statement has just
 * inserted or updated (locked by it). The row checks are switched off for that statement only
 * (`session_replication_role = replica`: a session then fires no row triggers; contacts and
 * list members have none but the checks), and only where the session may (a superuser, as
 * PGlite's always is); elsewhere the batch keeps its row checks.
 */
export function checkingKeysOncePerBatch(writeBatch: WriteImportBatch): WriteImportBatch {
  return async (workspaceId, contacts, options, tx) => {
    if (!contacts.count) return writeBatch(workspaceId, contacts, options, tx);
    const [held] = await queryRows<{ workspace: number; list: number; checksOff: boolean }>(
      tx,
      sql`with workspace as (select 1 from workspaces where id = ${workspaceId} for key share),
          list as (select 1 from contact_lists where id = ${options.listId} and workspace_id = ${workspaceId} for key share)
        select (select count(*) from workspace)::int as workspace, (select count(*) from list)::int as list,
          case when current_setting('is_superuser') = 'on'
            then set_config('session_replication_role', 'replica', true) = 'replica' else false end as "checksOff"`,
    );
    if (!held?.workspace) throw new Error(`The workspace ${workspaceId} is gone.`);
    if (options.listId && !held.list)
      throw new AppError('VALIDATION_FAILED', 'The list was deleted during the import.');
    // Not in a `finally`: when the batch fails its transaction is rolled back, and the setting with it.
    const written = await writeBatch(workspaceId, contacts, options, tx);
    if (held.checksOff) await queryRows(tx, sql`select set_config('session_replication_role', 'origin', true)`);
    return written;
  };
}
