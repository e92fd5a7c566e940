import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

export const contactImportState = pgEnum('contact_import_state', [
  'uploaded',
  'running',
  'completed',
  'cancelled',
  'failed',
]);

/** What an upload is for: each purpose remembers its own last mapping. */
export const contactImportPurpose = pgEnum('contact_import_purpose', ['contacts', 'campaign']);

/**
 * CSV imports of contacts: the stored file (`file_key` in file storage), what was read from it at
 * upload, then the job's options, progress and report. A running import holds a lease (renewed
 * with every batch); one whose lease ran out was interrupted and is marked failed.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: contactImportState('state').notNull().default('uploaded'),
    purpose: contactImportPurpose('purpose').notNull().default('contacts'),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    delimiter: text('delimiter').notNull(),
    hasBom: boolean('has_bom').notNull(),
    header: text('header').array().notNull(),
    totalRows: integer('total_rows').notNull(),
    /** Targets by column, as started; the next upload's remembered mapping comes from here. */
    mapping: jsonb('mapping').$type<string[]>(),
    /** Start options: default country, mode, list, tags. */
    options: jsonb('options').$type<Record<string, unknown>>(),
    processedRows: integer('processed_rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    /** The first invalid rows ({ row, reason }); all of them are in the file under `invalid_key`. */
    invalidRows: jsonb('invalid_rows')
      .$type<Array<{ row: number; reason: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    invalidKey: text('invalid_key'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('contact_imports_workspace_idx').on(t.workspaceId, t.createdAt)],
);
