import type { Readable } from 'node:stream';
import type {
  ContactImport,
  ContactImportUploadResponse,
  ImportDelimiter,
  ImportPurpose,
  StartContactImportBody,
} from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import { createContactImportBatchRepository } from './contact-import-batch.repository.js';
import { checkingKeysOncePerBatch } from './contact-import-key-checks.js';
import { createUnstartedUploadSweep } from './contact-import-sweep.js';
import { runImport, type ImportJobOptions } from './contact-import-job.js';
import { createImportWorkers } from './import-batches-in-worker.js';
import {
  createContactImportsRepository,
  type ContactImportRow,
  type ContactImportsRepository,
} from './contact-imports.repository.js';
import type { ContactFieldsRepository } from './contact-fields.repository.js';
import type { ContactListsRepository } from './contact-lists.repository.js';
import { checkText, detectDelimiter, refuse, summarise } from './import-file.js';
import { guessMapping, rememberedMapping } from './import-mapping.js';

export interface ContactImportsDeps {
  db: Db;
  storage: FileStorage;
  events: EventPublisher;
  log: FastifyBaseLogger;
  lists: ContactListsRepository;
  fields: ContactFieldsRepository;
}

/** The file as stored by the upload route (see contact-imports.routes.ts). */
export interface StoredImportFile {
  fileKey: string;
  fileName: string;
  sizeBytes: number;
}

/** Progress events per import: at most this often while it runs (and once when it ends). */
const PROGRESS_EVERY_MS = 250;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function toContactImport(row: ContactImportRow): ContactImport {
  return {
    id: row.id,
    state: row.state,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    delimiter: row.delimiter as ImportDelimiter,
    hasBom: row.hasBom,
    header: row.header,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    invalid: row.invalid,
    duplicates: row.duplicates,
    invalidRows: row.invalidRows,
    error: row.error,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** A start's mapping fits the file and names only the workspace's fields; its list is the workspace's. */
async function checkStart(
  deps: ContactImportsDeps,
  workspaceId: string,
  row: ContactImportRow,
  body: StartContactImportBody,
): Promise<void> {
  if (body.mapping.length !== row.header.length)
    throw new AppError('VALIDATION_FAILED', `The file has ${row.header.length} columns; map each one.`, [
      { path: 'body.mapping', message: `One target per column (${row.header.length}).` },
    ]);
  const keys = await deps.fields.keys(workspaceId);
  const unknown = body.mapping.find((t) => t.startsWith('field:') && !keys.includes(t.slice(6)));
  if (unknown)
    throw new AppError('VALIDATION_FAILED', `“${unknown.slice(6)}” is not one of the workspace’s custom fields.`, [
      { path: 'body.mapping', message: 'Map only to the workspace’s custom fields.' },
    ]);
  if (body.listId && !(await deps.lists.find(workspaceId, body.listId)))
    throw new AppError('NOT_FOUND', 'No such list in this workspace.');
}

/**
 * Reads a stored upload; refuses it (and deletes the file) when it cannot be imported. The mapping
 * it remembers is the last started one of the same purpose: a campaign's files need not look like
 * the contact book's.
 */
async function readUpload(
  deps: ContactImportsDeps,
  imports: ContactImportsRepository,
  workspaceId: string,
  userId: string,
  file: StoredImportFile,
  purpose: ImportPurpose,
): Promise<ContactImportUploadResponse> {
  try {
    const open = (): Promise<Readable> => deps.storage.open(file.fileKey);
    const { sample, hasBom } = await checkText(await open());
    const delimiter = detectDelimiter(sample);
    const { header, preview, totalRows } = await summarise(open, delimiter);
    const keys = await deps.fields.keys(workspaceId);
    const suggestedMapping = guessMapping(header, preview, keys);
    if (!suggestedMapping)
      throw refuse('noNumberColumn', 'No column holds phone numbers (name it e.g. “phone” or “mobile”).');
    const row = await imports.insert({
      workspaceId,
      createdBy: userId,
      ...file,
      delimiter,
      hasBom,
      header,
      totalRows,
      purpose,
    });
    return {
      import: toContactImport(row),
      preview,
      suggestedMapping,
      rememberedMapping: rememberedMapping(header, await imports.lastMapping(workspaceId, purpose), keys),
    };
  } catch (error) {
    await deps.storage.remove(file.fileKey);
    throw error;
  }
}

/** `contact-import.progress` events: at most one every PROGRESS_EVERY_MS per import while it runs, and its last. */
function createProgressEvents(imports: ContactImportsRepository, events: EventPublisher) {
  const lastPublished = new Map<string, number>();

  async function send(workspaceId: string, id: string) {
    const row = await imports.find(workspaceId, id);
    if (row) events.toWorkspace(workspaceId, 'contact-import.progress', { import: toContactImport(row) });
  }

  return {
    async publish(workspaceId: string, id: string) {
      const now = Date.now();
      if (now - (lastPublished.get(id) ?? 0) < PROGRESS_EVERY_MS) return;
      lastPublished.set(id, now);
      await send(workspaceId, id);
    },
    async last(workspaceId: string, id: string) {
      lastPublished.delete(id);
      await send(workspaceId, id);
    },
  };
}

/**
 * CSV imports as jobs: an upload is read once (refused files leave nothing behind), a start
 * claims it exactly once (the row moves uploaded → running in one statement, whichever instance
 * is asked) and runs it in this process. An import whose process died is marked failed when next
 * read (its lease ran out); it is not resumed: importing the file again finishes it, since
 * numbers already written are updated or skipped.
 */
export function createContactImports(deps: ContactImportsDeps) {
  const imports = createContactImportsRepository(deps.db);
  const writeBatch = checkingKeysOncePerBatch(createContactImportBatchRepository());
  const workers = createImportWorkers();
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  const progress = createProgressEvents(imports, deps.events);
  const publish = progress.publish;

  async function require(workspaceId: string, id: string): Promise<ContactImportRow> {
    const row = await imports.find(workspaceId, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such import in this workspace.');
    return row;
  }

  async function execute(row: ContactImportRow, options: ImportJobOptions, abort: AbortController) {
    const jobDeps = {
      ...deps,
      imports,
      writeBatch,
      readBatches: workers.read,
      onProgress: (id: string) => void publish(row.workspaceId, id).catch(() => undefined),
    };
    try {
      const outcome = await runImport(jobDeps, row, options, abort.signal);
      await imports.finish(row.id, {
        state: outcome.stoppedBy === 'abort' ? 'failed' : 'completed',
        error:
          outcome.stoppedBy === 'abort' ? 'The server stopped during the import. What was written stays.' : undefined,
        invalidKey: outcome.invalidKey,
      });
    } catch (error) {
      deps.log.error({ err: error, importId: row.id }, 'contact import failed');
      const message = error instanceof AppError ? error.message : 'The import stopped on an unexpected error.';
      await imports.finish(row.id, { state: 'failed', error: message, invalidKey: null });
    } finally {
      running.delete(row.id);
      await progress.last(row.workspaceId, row.id).catch(() => undefined);
      // Open contact books (in any tab) start their lists again with what the import wrote.
      deps.events.toWorkspace(row.workspaceId, 'contacts.changed', { cause: 'import' });
    }
  }

  const unstarted = createUnstartedUploadSweep({ imports, storage: deps.storage, log: deps.log });

  return {
    /** Where uploads are stored (the route streams the file there before `upload` reads it). */
    storage: deps.storage,

    /**
     * Reads a stored upload (see readUpload); its remembered mapping is the last one of its purpose.
     * A worker for its import starts meanwhile, ready when the admin has mapped the columns.
     */
    upload(workspaceId: string, userId: string, file: StoredImportFile, purpose: ImportPurpose = 'contacts') {
      workers.warm();
      return readUpload(deps, imports, workspaceId, userId, file, purpose);
    },

    async get(workspaceId: string, id: string): Promise<ContactImport> {
      return toContactImport(await require(workspaceId, id));
    },

    /** Checks the options, claims the import (409 when it is not `uploaded`) and runs it. */
    async start(workspaceId: string, id: string, body: StartContactImportBody): Promise<ContactImport> {
      const row = await require(workspaceId, id);
      await checkStart(deps, workspaceId, row, body);
      const options: ImportJobOptions = {
        mapping: body.mapping,
        defaultCountry: body.defaultCountry ?? null,
        mode: body.mode,
        listId: body.listId ?? null,
        tags: body.tags ?? [],
      };
      const claimed = await imports.claim(workspaceId, id, body.mapping, { ...options, mapping: undefined });
      if (!claimed) {
        // Started elsewhere meanwhile (409), or swept as a day-old upload (404).
        const now = await require(workspaceId, id);
        throw new AppError('IMPORT_STATE_CONFLICT', `This import is ${now.state}; it can start only once.`);
      }
      const abort = new AbortController();
      running.set(id, { abort, done: execute(claimed, options, abort) });
      return toContactImport(claimed);
    },

    /** Stops it at its next batch (within a second); what was written stays. */
    async cancel(workspaceId: string, id: string): Promise<ContactImport> {
      const row = await imports.cancel(workspaceId, id);
      if (row) {
        await running.get(id)?.done;
        return toContactImport((await imports.find(workspaceId, id)) ?? row);
      }
      const existing = await require(workspaceId, id);
      throw new AppError('IMPORT_STATE_CONFLICT', `This import is already ${existing.state}.`);
    },

    /** The invalid rows with their reason, as CSV (formulas escaped), or a 404 when there are none. */
    async invalidCsv(workspaceId: string, id: string): Promise<Readable> {
      const row = await require(workspaceId, id);
      if (!row.invalidKey) throw new AppError('NOT_FOUND', 'This import has no invalid rows (yet).');
      return deps.storage.open(row.invalidKey);
    },

    /** Uploads not started within a day: one pass as of `now`, and the hourly job (stopped by `close`). */
    sweepUnstarted: unstarted.sweep,
    sweeper: unstarted.job,

    /** Resolves when the import's job (if running here) has ended. */
    settled: async (id: string) => running.get(id)?.done,

    /** Stops the sweep and the imports running here (each is marked failed), waits for them, and ends their workers. */
    async close() {
      await unstarted.job.stop();
      const jobs = [...running.values()];
      for (const job of jobs) job.abort.abort();
      await Promise.all(jobs.map((job) => job.done));
      await workers.close();
    },
  };
}

export type ContactImports = ReturnType<typeof createContactImports>;
