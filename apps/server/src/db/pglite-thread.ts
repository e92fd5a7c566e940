import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { startModuleWorker } from '../lib/module-worker.js';
import type { FromPgliteWorker, PgliteWorkerOpen, ToPgliteWorker, WorkerError } from './pglite-worker-protocol.js';
import { READY_ID } from './pglite-worker-protocol.js';

type Call = ToPgliteWorker extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

/** Statements, on the database or in an open transaction. */
interface PgliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

/** A transaction's statements (drizzle nests transactions as savepoints on it). */
export interface PgliteTransaction extends PgliteStatements {
  rollback(): Promise<void>;
}

/** What drizzle's PGlite driver and database.ts call on a client. */
export interface PgliteClient extends PgliteStatements {
  transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL on a thread of its own (pglite.worker.ts), behind the part of PGlite's API
 * that drizzle uses: queries, exec and transactions. A transaction holds PGlite's lock in the
 * worker from BEGIN to its end, so other statements wait for it as they would in process. Rows
 * cross as structured clones; drizzle's parsers (the identity for dates and intervals) become the
 * list of types the worker keeps as text. The worker keeps the process alive only while a call
 * waits for its answer.
 */
export async function openPgliteThread(
  open: PgliteWorkerOpen,
  /** The thread stopped without `close` (a crash in the database engine): every later call fails. */
  onCrash: (error: Error) => void = () => {},
): Promise<PgliteClient & PGlite> {
  const worker = startModuleWorker(import.meta.url, 'pglite.worker', { workerData: open });
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let lastId = READY_ID;
  let lastTransaction = 0;
  let stopped: Error | undefined;
  let closing = false;

  const settle = (message: FromPgliteWorker) => {
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (waiting.size === 0) worker.unref();
    if ('error' in message) call.reject(toError(message.error));
    else call.resolve(message.result);
  };
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of waiting.values()) call.reject(stopped);
    waiting.clear();
  };
  worker.on('message', settle);
  worker.on('error', stop);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      stop(new Error(`The embedded database's thread stopped (exit code ${code}).`));
      if (!closing) onCrash(stopped!);
      resolve();
    }),
  );

  const answer = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (stopped) return reject(stopped);
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
    });
  /** Posts a message the worker does not answer (BEGIN); nothing once the thread stopped. */
  const tell = (message: Call): void => {
    if (!stopped) worker.postMessage({ ...message, id: ++lastId });
  };
  const call = <T>(message: Call): Promise<T> => {
    const id = ++lastId;
    const answered = answer(id);
    try {
      if (!stopped) worker.postMessage({ ...message, id });
    } catch (error) {
      // A parameter that cannot be copied to the thread (a function, a symbol): this call fails alone.
      settle({ id, error: { name: 'DataCloneError', message: (error as Error).message } });
    }
    return answered as Promise<T>;
  };

  const statements = (tx?: number): PgliteStatements => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      call<Results<T>>({
        op: 'query',
        sql,
        params,
        rowMode: options?.rowMode,
        textTypes: options?.parsers && Object.keys(options.parsers).map(Number),
        tx,
      }),
    exec: (sql: string) => call<Array<Results>>({ op: 'exec', sql, tx }),
  });

  try {
    await answer(READY_ID);
  } catch (error) {
    closing = true; // it could not open: the caller hears why
    await worker.terminate();
    throw error;
  }
  const thread: PgliteClient = {
    ...statements(),
    async transaction(callback) {
      // BEGIN and the first statements go together, BEGIN unanswered: the worker runs them in
      // order, so the transaction costs one round trip less. BEGIN's failure reaches its
      // statements and its end; a stopped thread fails them as it fails every call.
      const tx = ++lastTransaction;
      tell({ op: 'begin', tx });
      let ended = false;
      const end = (commit: boolean) => {
        ended = true;
        return call<void>({ op: 'end', tx, commit });
      };
      try {
        const result = await callback({ ...statements(tx), rollback: () => end(false) });
        if (!ended) await end(true);
        return result;
      } catch (error) {
        if (!ended) await end(false).catch(() => {});
        throw error;
      }
    },
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      worker.ref(); // until it has exited: the caller may have nothing else keeping the process alive
      await exited;
    },
  };
  return thread as PgliteClient & PGlite;
}

/** The worker's error as the driver's would be: its message, with code, constraint, detail… */
function toError({ message, name, ...fields }: WorkerError): Error {
  return Object.assign(new Error(message), fields, { name });
}
