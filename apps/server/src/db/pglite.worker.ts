import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import type { FromPgliteWorker, PgliteWorkerOpen, ToPgliteWorker, WorkerError } from './pglite-worker-protocol.js';
import { READY_ID } from './pglite-worker-protocol.js';

/**
 * The embedded database's thread: PGlite (PostgreSQL in WebAssembly) runs here, so the statements'
 * work overlaps the main thread's HTTP parsing, validation and serialisation instead of taking
 * turns with it. Each message is one call on the one PGlite instance, whose own locks order them:
 * a statement outside a transaction waits for an open transaction to end, as on the main thread.
 */
const port = parentPort!;
const open = workerData as PgliteWorkerOpen;
const post = (message: FromPgliteWorker) => port.postMessage(message);

const pg = await PGlite.create(open.dataDir, {
  extensions: PGLITE_EXTENSIONS,
  ...(open.loadDataDir && { loadDataDir: new Blob([open.loadDataDir]) }),
}).catch((error: unknown) => {
  post({ id: READY_ID, error: toWorkerError(error) });
  return undefined;
});

/** Open transactions: the statements sent with their id run on them; `end` commits or rolls back. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; outcome: Promise<unknown> }>();
let lastTransaction = 0;
const textParsers = new Map<string, ParserOptions>();
const keepText = (value: string) => value;

if (pg) {
  port.on('message', (message: ToPgliteWorker) => {
    run(pg, message).then(
      (result) => post({ id: message.id, result }),
      (error: unknown) => post({ id: message.id, error: toWorkerError(error) }),
    );
  });
  post({ id: READY_ID, result: 'ready' });
}

async function run(pg: PGlite, message: ToPgliteWorker): Promise<unknown> {
  switch (message.op) {
    case 'query':
      return on(pg, message.tx).query(message.sql, message.params, {
        rowMode: message.rowMode,
        ...(message.textTypes && { parsers: parsersKeepingText(message.textTypes) }),
      });
    case 'exec':
      return on(pg, message.tx).exec(message.sql);
    case 'begin':
      return begin(pg);
    case 'end': {
      const transaction = openTransaction(message.tx);
      transaction.end(message.commit);
      const failure = await transaction.outcome;
      if (failure) throw failure;
      return null;
    }
    case 'close':
      await pg.close();
      setImmediate(() => port.close());
      return null;
  }
}

/** Starts a transaction and answers its id once BEGIN ran; it stays open until `end`. */
function begin(pg: PGlite): Promise<number> {
  const id = ++lastTransaction;
  return new Promise((resolve, reject) => {
    let end!: (commit: boolean) => void;
    const ending = new Promise<boolean>((settle) => (end = settle));
    // The commit's (or rollback's) failure, or undefined: never a rejected promise left unheard.
    const outcome: Promise<unknown> = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, outcome });
        resolve(id);
        if (!(await ending)) await tx.rollback();
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    void outcome.then((error) => {
      transactions.delete(id);
      if (error) reject(error); // heard only when BEGIN failed: a started transaction resolved already
    });
  });
}

/** Where a statement runs: its open transaction, or the database. */
function on(pg: PGlite, tx: number | undefined): PGlite | Transaction {
  return tx ? openTransaction(tx).tx : pg;
}

function openTransaction(id: number) {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error('The transaction is no longer open.');
  return transaction;
}

function parsersKeepingText(types: number[]): ParserOptions {
  const key = types.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** The error's message and its own plain fields (a PostgreSQL error's code, constraint, detail…). */
function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => typeof value === 'string' || typeof value === 'number');
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}
