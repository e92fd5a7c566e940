import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database; each test database starts from a copy. */
    pgliteTemplatePath: string;
    /** With DATABASE_URL: a migrated, empty database each test database is created from. */
    postgresTemplate: string;
  }
}

/**
 * initdb + migrations once per run instead of once per test database: a PGlite dump (kept
 * uncompressed, which loads in half the time), or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-test-'));
  const file = path.join(dir, 'template.tar');
  const adminUrl = process.env.DATABASE_URL;
  const postgresTemplate = adminUrl ? `sb_template_${randomBytes(6).toString('hex')}` : '';
  if (adminUrl) {
    await adminQuery(adminUrl, `create database ${postgresTemplate}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, postgresTemplate) });
    await database.close();
  } else {
    const database = await openDatabase({ kind: 'pglite-memory' });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${postgresTemplate} with (force)`);
    await rm(dir, { recursive: true, force: true });
  };
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
