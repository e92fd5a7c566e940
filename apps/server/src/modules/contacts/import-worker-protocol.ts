import type { ErrorCode, FieldError } from '@switchboard/contract';
import type { AppErrorDetails } from '../../lib/app-error.js';
import type { ImportBatch, ImportReadOptions } from './import-batches.js';

/** Batches the worker may read ahead of the database: one being written, one ready. */
export const IMPORT_BATCHES_AHEAD = 2;

/** The main thread to an import's worker: a job, its file's bytes as asked for, and credit for batches taken. */
export type ToImportWorker =
  | { type: 'start'; options: ImportReadOptions }
  | { type: 'chunk'; bytes: Uint8Array }
  /** The chunks for one request have been sent (the file goes on). */
  | { type: 'fed' }
  | { type: 'end' }
  | { type: 'credit' };

/** The worker to the main thread: "more bytes", a batch, the end of the file, or why it stopped. */
export type FromImportWorker =
  | { type: 'pull' }
  | { type: 'batch'; batch: ImportBatch }
  | { type: 'done' }
  | { type: 'failed'; message: string; code?: ErrorCode; fields?: FieldError[]; details?: AppErrorDetails };
