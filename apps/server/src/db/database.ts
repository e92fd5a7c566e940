import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createSoleInstanceBus, type ClusterBus } from '../cluster/cluster-bus.js';
import { createPgClusterBus, type PgClusterBusOptions } from '../cluster/pg-cluster-bus.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import { openPgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** Runs a raw statement (e.g. a health probe). */
  ping(): Promise<void>;
  /**
   * The bus to the other instances on this database (LISTEN/NOTIFY on PostgreSQL), or the sole
   * instance's on the embedded one. The caller closes it (before the database).
   */
  openClusterBus(log: PgClusterBusOptions['log']): Promise<ClusterBus>;
  /** PostgreSQL only: the connection pool (socket.io's PostgreSQL adapter sends through it). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** An idle pooled connection failed (server restart, failover, terminated backend). */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * Embedded PostgreSQL in `dataDir/pglite`, locked against a second process, on a thread of its
   * own (pglite-thread.ts).
   */
  | { kind: 'pglite'; dataDir: string }
  /**
   * Embedded PostgreSQL in memory (tests), on the calling thread unless `thread`. `loadDataDir`
   * starts from a dump of a database this function opened (so migrated and analysed): nothing is
   * left to migrate or analyse.
   */
  | { kind: 'pglite-memory'; loadDataDir?: Blob; thread?: boolean };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** How often the embedded database looks for tables whose planner statistics are out of date. */
const AUTO_ANALYZE_EVERY_MS = 2_000;
/** How long a table's statistics are kept when it changed by a tenth but not by more than its size. */
const ANALYZE_AT_MOST_EVERY_S = 60;
/** Serialises migrations when several instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 0x5b0a4d;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    return openPostgres(options.url, options.poolSize ?? 10, options.onConnectionError ?? logConnectionError);
  }
  if (options.kind === 'pglite-memory' && options.thread) {
    const loadDataDir = options.loadDataDir && new Uint8Array(await options.loadDataDir.arrayBuffer());
    return wrapPglite(await openPgliteThread({ loadDataDir }), async () => {}, { migrated: !!loadDataDir });
  }
  if (options.kind === 'pglite-memory') {
    if (options.loadDataDir) {
      const client = await PGlite.create({ loadDataDir: options.loadDataDir, extensions: PGLITE_EXTENSIONS });
      return wrapPglite(client, async () => {}, { migrated: true });
    }
    return wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }), async () => {});
  }
  await mkdir(options.dataDir, { recursive: true });
  const unlock = await lockDataDir(options.dataDir);
  try {
    const client = await openPgliteThread({ dataDir: path.join(options.dataDir, 'pglite') }, exitOnCrash);
    return wrapPglite(client, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * What autovacuum would analyze on PostgreSQL, analyzed now, one table at a time. Its default
 * rule: 50 rows plus a tenth of the table inserted, updated or deleted since the last ANALYZE,
 * looked at once a minute (autovacuum's naptime) — here ANALYZE stops every other statement while
 * it runs (up to ~0.2 s on a table of 20,000 rows), so a busy table growing by a tenth every two
 * seconds must not be analysed every two seconds. Except when the statistics describe less than
 * half the table (more rows changed than it had): analysed at once. Statistics taken when a table
 * was small (a fresh database, the demo seed) would otherwise plan a growing table's queries for
 * the rows it had then: a burst of inbound messages read a network's every message to find a
 * provider's retries instead of probing the unique index.
 */
async function analyzeChangedTables(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select s.relid::regclass::text as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
       and (s.n_mod_since_analyze > 50 + greatest(c.reltuples, 0)
         or s.last_analyze is null or s.last_analyze < now() - interval '${ANALYZE_AT_MOST_EVERY_S} seconds')`,
  );
  // One statement each: what waits for the database runs between them.
  for (const { name } of rows) await client.exec(`analyze ${name}`);
}

async function wrapPglite(client: PGlite, unlock: () => Promise<void>, { migrated = false } = {}): Promise<Database> {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  if (!migrated) await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  // PGlite runs no autovacuum, so nothing would ever gather planner statistics: without them the
  // planner guesses (and e.g. sorts a whole queue instead of reading the dispatch index in order).
  if (!migrated) await client.exec('analyze').catch(() => {});
  let analyzing = false;
  const statistics = setInterval(() => {
    if (analyzing) return;
    analyzing = true;
    void analyzeChangedTables(client)
      .catch(() => {})
      .finally(() => (analyzing = false));
  }, AUTO_ANALYZE_EVERY_MS);
  statistics.unref();
  return {
    db,
    dialect: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    openClusterBus: () => Promise.resolve(createSoleInstanceBus()),
    close: async () => {
      clearInterval(statistics);
      await client.close();
      await unlock();
    },
  };
}

/**
 * The embedded database's thread died (an abort in its WebAssembly engine): no statement can run
 * again, so the process ends and its supervisor (or the user) starts it again on its data.
 */
function exitOnCrash(error: Error) {
  console.error(`${error.message} The server cannot go on without its database and exits.`);
  process.exit(1);
}

function logConnectionError(error: Error) {
  console.warn(`An idle database connection failed and was dropped: ${error.message}`);
}

async function openPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // pg re-emits errors of idle connections on the pool; without a listener one terminated
  // backend (a restart, a failover) would crash the process. The pool replaces the connection.
  pool.on('error', onConnectionError);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    openClusterBus: (log) => createPgClusterBus({ url, db, log }),
    pool,
    close: () => pool.end(),
  };
}

/** Runs a raw SQL statement and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
