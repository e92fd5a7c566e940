import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';

let template: Blob | undefined;

/**
 * A fresh, migrated database for one test app: in-memory PGlite copied from the run's template,
 * or — when DATABASE_URL is set (CI's PostgreSQL run) — a new database on that server, dropped
 * again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    template ??= new Blob([await readFile(inject('pgliteTemplatePath'))]);
    return openDatabase({ kind: 'pglite-memory', loadDataDir: template });
  }
  const name = `sb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
