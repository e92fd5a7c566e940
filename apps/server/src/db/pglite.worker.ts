import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import { createPreparedStatements } from './pglite-prepared.js';
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

/**
 * Open transactions, by the id the main thread gave them: the statements sent with that id run on
 * it once BEGIN ran (they may arrive before: the main thread does not wait for BEGIN's answer);
 * `end` commits or rolls back.
 */
const transactions = new Map<
  number,
  { started: Promise<Transaction>; end(commit: boolean): void; outcome: Promise<unknown> }
>();
const prepared = pg && createPreparedStatements(pg);
const textParsers = new Map<string, ParserOptions>();
const keepText = (value: string) => value;

if (pg) {
  port.on('message', (message: ToPgliteWorker) => {
    // BEGIN is not answered: its failure reaches the transaction's statements and its end.
    if (message.op === 'begin') {
      begin(pg, message.tx);
      return;
    }
    run(pg, message).then(
      (result) => post({ id: message.id, result }),
      (error: unknown) => post({ id: message.id, error: toWorkerError(error) }),
    );
  });
  post({ id: READY_ID, result: 'ready' });
}

async function run(pg: PGlite, message: ToPgliteWorker): Promise<unknown> {
  switch (message.op) {
    case 'query': {
      if (message.tx) await openTransaction(message.tx).started;
      return prepared!.query(
        message.sql,
        message.params,
        { rowMode: message.rowMode, ...(message.textTypes && { parsers: parsersKeepingText(message.textTypes) }) },
        !!message.tx,
      );
    }
    case 'exec':
      return (await statementsOf(pg, message.tx)).exec(message.sql);
    case 'end': {
      const transaction = openTransaction(message.tx);
      transaction.end(message.commit);
      const failure = await transaction.outcome;
      transactions.delete(message.tx);
      if (failure) throw failure;
      return null;
    }
    case 'close':
      await pg.close();
      setImmediate(() => port.close());
      return null;
  }
}

/**
 * Starts transaction `id`: it is known at once (statements sent right after wait for it) and
 * stays open until `end`.
 */
function begin(pg: PGlite, id: number): void {
  let end!: (commit: boolean) => void;
  const ending = new Promise<boolean>((settle) => (end = settle));
  let start!: (tx: Transaction) => void;
  let fail!: (error: unknown) => void;
  const started = new Promise<Transaction>((resolve, reject) => {
    start = resolve;
    fail = reject;
  });
  started.catch(() => {}); // heard by its statements and its end
  // The commit's (or rollback's) failure, or undefined: never a rejected promise left unheard.
  const outcome: Promise<unknown> = pg
    .transaction(async (tx) => {
      start(tx);
      if (!(await ending)) await tx.rollback();
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  // Known until its `end` (which the main thread sends for every transaction, even one whose
  // BEGIN failed): statements and the end of a transaction that never began hear why.
  transactions.set(id, { started, end, outcome });
  void outcome.then((error) => fail(error ?? new Error('The transaction has ended.'))); // heard only when BEGIN failed
}

/** Where a statement runs: its transaction once begun, or the database. */
async function statementsOf(pg: PGlite, tx: number | undefined): Promise<PGlite | Transaction> {
  return tx ? openTransaction(tx).started : pg;
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
