/**
 * The worker thread that reads an import's file into batches (see import-batches-in-worker.ts):
 * parsing and checking 100,000 rows is ~2 s of JavaScript that runs here, on the other core,
 * while the main thread writes the previous batch to the database. One job at a time; the worker
 * is kept for the next.
 */
import { parentPort } from 'node:worker_threads';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import { readImportBatches } from './import-batches.js';
import { IMPORT_BATCHES_AHEAD, type ToImportWorker, type FromImportWorker } from './import-worker-protocol.js';

const port = parentPort!;
const send = (message: FromImportWorker) => port.postMessage(message);

let job: { source: Readable; credits: number; wake?: () => void } | null = null;

port.on('message', (message: ToImportWorker) => {
  if (message.type === 'start') {
    const source = new Readable({ read: () => send({ type: 'pull' }) });
    job = { source, credits: IMPORT_BATCHES_AHEAD };
    void run(job, message.options);
  } else if (!job) return;
  else if (message.type === 'chunk') job.source.push(message.bytes);
  else if (message.type === 'end') job.source.push(null);
  else if (message.type === 'credit') {
    job.credits++;
    job.wake?.();
  }
});

async function run(current: NonNullable<typeof job>, options: Extract<ToImportWorker, { type: 'start' }>['options']) {
  try {
    for await (const batch of readImportBatches(current.source, options)) {
      while (current.credits === 0) await new Promise<void>((resolve) => (current.wake = resolve));
      current.wake = undefined;
      current.credits--;
      send({ type: 'batch', batch });
    }
    send({ type: 'done' });
  } catch (error) {
    send(
      error instanceof AppError
        ? { type: 'failed', message: error.message, code: error.code, fields: error.fields, details: error.details }
        : { type: 'failed', message: error instanceof Error ? error.message : String(error) },
    );
  } finally {
    if (job === current) job = null;
  }
}
