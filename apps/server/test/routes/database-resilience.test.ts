import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('on PostgreSQL, a terminated database connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not crash the server: the pool drops it and the next request works', async () => {
    // Several requests at once leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'GET', url: '/api/health' })));
    const result = (await t.app.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [result.rows[0]!.name],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
