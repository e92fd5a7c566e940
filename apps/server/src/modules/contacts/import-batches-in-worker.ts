import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { AppError } from '../../lib/app-error.js';
import { createWorkerPool, startModuleWorker } from '../../lib/module-worker.js';
import type { ImportBatch, ImportReadOptions } from './import-batches.js';
import type { FromImportWorker, ToImportWorker } from './import-worker-protocol.js';

export type ImportWorkers = ReturnType<typeof createImportWorkers>;

/** Bytes sent to the worker for each of its requests: ~17 batches of a typical file. */
const FEED_BYTES = 2 * 1024 * 1024;

/**
 * Import files read in worker threads (import-rows.worker.ts), so the database (embedded PGlite
 * on a thread of its own, or PostgreSQL) writes one batch while the next is parsed and checked.
 * The main thread feeds the file's bytes as the worker asks for them (2 MB at a time) and
 * takes batches as it writes them; the worker reads at most IMPORT_BATCHES_AHEAD batches ahead,
 * so memory stays bounded whatever the file's size.
 */
export function createImportWorkers() {
  const pool = createWorkerPool(() => startModuleWorker(import.meta.url, 'import-rows.worker'));

  /**
   * The file's batches, as readImportBatches gives them. Ending the loop early (a cancel, an
   * error) terminates the worker; a worker that read its file to the end goes back to the pool.
   */
  async function* read(source: Readable, options: ImportReadOptions): AsyncGenerator<ImportBatch> {
    const worker = pool.take();
    const send = (message: ToImportWorker) => worker.postMessage(message);
    const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const ready: ImportBatch[] = [];
    let finished = false;
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    const settle = () => {
      wake?.();
      wake = undefined;
    };

    /** Up to FEED_BYTES of the file at once, so the worker never waits for a main thread busy writing. */
    async function feed() {
      let sent = 0;
      while (sent < FEED_BYTES) {
        const { value, done } = await chunks.next();
        if (done) return send({ type: 'end' });
        send({ type: 'chunk', bytes: value });
        sent += value.length;
      }
      send({ type: 'fed' });
    }

    const onMessage = (message: FromImportWorker) => {
      if (message.type === 'pull')
        feed().catch((error: Error) => {
          failure ??= error;
          settle();
        });
      else if (message.type === 'batch') ready.push(message.batch);
      else if (message.type === 'done') finished = true;
      else
        failure ??= message.code
          ? new AppError(message.code, message.message, message.fields, message.details)
          : new Error(message.message);
      settle();
    };
    const onError = (error: Error) => {
      failure ??= error;
      settle();
    };
    const onExit = (code: number) => onError(new Error(`The import's worker stopped (exit code ${code}).`));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);

    let clean = false;
    try {
      send({ type: 'start', options });
      for (;;) {
        const batch = ready.shift();
        if (batch) {
          // The worker's messages are taken in one go while more keep coming: without a turn of the
          // event loop here, timers and requests would wait for the whole import.
          await setImmediate();
          yield batch;
          send({ type: 'credit' });
        } else if (failure) throw failure;
        else if (finished) break;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
      clean = true;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      source.destroy();
      if (clean) pool.give(worker);
      else await worker.terminate();
    }
  }

  return {
    read,
    /** Has a worker ready for the next import (called when a file is uploaded). */
    warm: () => pool.warm(),
    close: () => pool.close(),
  };
}
