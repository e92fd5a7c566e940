import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { adminQuery, databaseUrl } from '../global-setup.js';

let template: Blob | undefined;

/** A test database; on PostgreSQL `reopen` gives a second pool on it, as another instance would have. */
export type TestDatabase = Database & { reopen?(): Promise<Database> };

/**
 * A fresh, migrated database: in-memory PGlite loaded from the run's template dump, or — when
 * DATABASE_URL is set (CI's PostgreSQL run) — a new database on that server copied from the run's
 * template database, dropped again on close.
 */
export async function openTestDatabase(options: { thread?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    template ??= new Blob([await readFile(inject('pgliteTemplatePath'))]);
    // On the database's own thread, as the server runs it: where a test asks (one connection whose
    // statements outside a transaction wait for it, so a read awaited inside one never ends), or
    // every test with TEST_PGLITE_THREAD=1.
    const thread = options.thread || !!process.env.TEST_PGLITE_THREAD;
    return openDatabase({ kind: 'pglite-memory', loadDataDir: template, thread });
  }
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    ...database,
    // Closing the second pool leaves the database; the first one's close drops it.
    reopen: () => openDatabase({ kind: 'postgres', url, poolSize: 5 }),
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
