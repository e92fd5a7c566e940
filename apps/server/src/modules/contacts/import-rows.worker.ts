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
import { readImportRow } from './import-mapping.js';
import { IMPORT_BATCHES_AHEAD, type ToImportWorker, type FromImportWorker } from './import-worker-protocol.js';

// Phone number metadata and the row reader's code are loaded and compiled before the first job
// (a worker is started when a file is uploaded, while the admin maps its columns).
readImportRow(['+4915100000000', 'Ada'], ['number', 'name'], { tags: [] });

const port = parentPort!;
const send = (message: FromImportWorker) => port.postMessage(message);

interface Job {
  source: Readable;
  /** Batches it may still send before the main thread has taken one. */
  credits: number;
  wake?: () => void;
  /** Bytes asked for and not all sent yet; `wanted`: the stream asked again meanwhile. */
  pulling: boolean;
  wanted: boolean;
}

let job: Job | null = null;

/** Asks for more of the file, unless a request is being answered. */
function pull(current: Job) {
  if (current.pulling) current.wanted = true;
  else {
    current.pulling = true;
    send({ type: 'pull' });
  }
}

port.on('message', (message: ToImportWorker) => {
  if (message.type === 'start') {
    const current: Job = {
      source: new Readable({ read: () => pull(current) }),
      credits: IMPORT_BATCHES_AHEAD,
      pulling: false,
      wanted: false,
    };
    job = current;
    void run(current, message.options);
  } else if (!job) return;
  else if (message.type === 'chunk') job.source.push(message.bytes);
  else if (message.type === 'fed') {
    job.pulling = false;
    if (job.wanted) {
      job.wanted = false;
      pull(job);
    }
  } else if (message.type === 'end') job.source.push(null);
  else if (message.type === 'credit') {
    job.credits++;
    job.wake?.();
  }
});

async function run(current: Job, options: Extract<ToImportWorker, { type: 'start' }>['options']) {
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
