/** Messages between the main thread (pglite-thread.ts) and the embedded database's thread (pglite.worker.ts). */

/** How the worker opens PGlite: a data directory, or in memory (optionally from a dump). */
export interface PgliteWorkerOpen {
  dataDir?: string;
  loadDataDir?: Uint8Array;
}

export type ToPgliteWorker = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose text is kept as it is (drizzle's parsers for dates and intervals are the identity). */
      textTypes?: number[];
      /** The open transaction the statement belongs to. */
      tx?: number;
    }
  | { op: 'exec'; sql: string; tx?: number }
  /** Opens transaction `tx` (named by the main thread, so its statements can follow at once); not answered. */
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** A PGlite error's own fields (code, constraint, detail…), without the query options it carries. */
export type WorkerError = { message: string; name: string } & Record<string, string | number | undefined>;

export type FromPgliteWorker = { id: number } & ({ result: unknown } | { error: WorkerError });

/** The first message of a worker: its database is open (id 0), or why it could not open. */
export const READY_ID = 0;
