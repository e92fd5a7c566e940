import { PassThrough, type Readable } from 'node:stream';
import {
  IMPORT_INVALID_SAMPLE,
  type ImportColumnTarget,
  type ImportDelimiter,
  type ImportMode,
} from '@switchboard/contract';
import { stringify } from 'csv-stringify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { WriteImportBatch } from './contact-import-batch.repository.js';
import type { ContactImportRow, ContactImportsRepository, ImportProgress } from './contact-imports.repository.js';
import type { ContactFieldsRepository } from './contact-fields.repository.js';
import type { ImportBatch, ImportReadOptions } from './import-batches.js';

export interface ImportJobOptions {
  mapping: ImportColumnTarget[];
  defaultCountry: string | null;
  mode: ImportMode;
  listId: string | null;
  tags: string[];
}

export interface ImportJobDeps {
  db: Db;
  storage: FileStorage;
  imports: ContactImportsRepository;
  fields: ContactFieldsRepository;
  writeBatch: WriteImportBatch;
  /** The stored file's rows in batches (readImportBatches, in a worker thread or not). */
  readBatches: (source: Readable, options: ImportReadOptions) => AsyncIterable<ImportBatch>;
  /** Called after every committed batch (the caller throttles what it publishes). */
  onProgress: (id: string) => void;
}

class Stopped extends Error {}

/**
 * Runs a claimed import: the stored file read into batches (parsed and checked through the
 * mapping, see import-batches.ts), each written in one statement, in a transaction with the
 * import's progress (so the counts always say what is committed). Invalid rows go to a CSV of
 * their own as they come. Stops at the next batch when the import was cancelled (the batch in
 * hand is rolled back) or `signal` aborts (the server stops).
 */
export async function runImport(
  deps: ImportJobDeps,
  row: ContactImportRow,
  options: ImportJobOptions,
  signal: AbortSignal,
): Promise<{ invalidKey: string | null; stoppedBy?: 'cancel' | 'abort' }> {
  const invalidKey = `${row.fileKey}-invalid`;
  const invalidCsv = stringify({ bom: true, escape_formulas: true });
  const stored = deps.storage.put(invalidKey, invalidCsv.pipe(new PassThrough()));
  invalidCsv.write(['row', 'reason', ...row.header]);
  const fieldKeys = options.mapping.filter((t) => t.startsWith('field:')).map((t) => t.slice(6));
  const progress: ImportProgress = {
    processedRows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    invalid: 0,
    duplicates: 0,
    invalidRows: [],
  };
  async function write(batch: ImportBatch) {
    if (signal.aborted) throw new Stopped('abort');
    for (const { line, cells, refusal } of batch.invalid) {
      if (progress.invalidRows.length < IMPORT_INVALID_SAMPLE) progress.invalidRows.push({ row: line, ...refusal });
      invalidCsv.write([line, refusal.reason, ...cells]);
    }
    const { contacts } = batch;
    await deps.db.transaction(async (tx) => {
      // Keys are held (shared) so a change of them waits for this batch, and none has gone.
      const keys = await deps.fields.keys(row.workspaceId, tx, { lock: true });
      const gone = fieldKeys.find((key) => !keys.includes(key));
      if (gone) throw new AppError('VALIDATION_FAILED', `The custom field “${gone}” was removed during the import.`);
      const written = await deps.writeBatch(row.workspaceId, contacts, options, tx);
      const next = {
        ...progress,
        processedRows: progress.processedRows + batch.read,
        created: progress.created + written.created,
        updated: progress.updated + written.updated,
        skipped: progress.skipped + contacts.count - written.created - written.updated,
        invalid: progress.invalid + batch.invalid.length,
        duplicates: progress.duplicates + batch.duplicates,
      };
      // Cancelled meanwhile: thrown, so the batch is rolled back and the counts stay true.
      if (!(await deps.imports.progress(row.id, next, tx))) throw new Stopped('cancel');
      Object.assign(progress, next);
    });
    deps.onProgress(row.id);
  }

  try {
    const source = await deps.storage.open(row.fileKey);
    const batches = deps.readBatches(source, {
      delimiter: row.delimiter as ImportDelimiter,
      mapping: options.mapping,
      defaultCountry: options.defaultCountry,
      tags: options.tags,
    });
    for await (const batch of batches) await write(batch);
    return { invalidKey: await keep() };
  } catch (error) {
    if (!(error instanceof Stopped)) {
      await keep().catch(() => undefined);
      throw error;
    }
    return { invalidKey: await keep(), stoppedBy: error.message as 'cancel' | 'abort' };
  }

  /** The invalid rows' file, kept when there are any. */
  async function keep(): Promise<string | null> {
    invalidCsv.end();
    await stored;
    if (progress.invalid > 0) return invalidKey;
    await deps.storage.remove(invalidKey);
    return null;
  }
}
