import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/database.js';
import { workspaces } from '../../src/db/schema/index.js';
import { createIdempotency } from '../../src/modules/developer-api/idempotency.js';
import { eventually } from '../helpers/expectations.js';
import { openTestDatabase } from '../helpers/test-database.js';

const silentLog = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

describe('Idempotency-Key', () => {
  let database: Database;
  let workspaceId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [row] = await database.db.insert(workspaces).values({ name: 'Idempotent' }).returning();
    workspaceId = row!.id;
  });
  afterAll(() => database.close());

  const request = (key: string, body: unknown = { to: '+1' }) => ({
    workspaceId,
    key,
    method: 'POST',
    path: '/api/v1/messages',
    body,
  });
  const age = (key: string, hours: number) =>
    database.db.execute(
      sql`update idempotency_keys set created_at = now() - make_interval(hours => ${hours}) where key = ${key}`,
    );
  const keys = async () =>
    (await queryRows<{ key: string }>(database.db, sql`select key from idempotency_keys order by key`)).map(
      (r) => r.key,
    );

  it('does the work once within 24 hours and again for a key past them', async () => {
    const idempotency = createIdempotency(database.db, silentLog);
    let runs = 0;
    const work = async () => ({ run: ++runs });
    expect(await idempotency.run(request('a'), 201, work)).toEqual({
      statusCode: 201,
      body: { run: 1 },
      replayed: false,
    });
    expect(await idempotency.run(request('a'), 201, work)).toEqual({
      statusCode: 201,
      body: { run: 1 },
      replayed: true,
    });
    await age('a', 23);
    expect((await idempotency.run(request('a'), 201, work)).replayed).toBe(true);
    await age('a', 25);
    expect(await idempotency.run(request('a'), 201, work)).toEqual({
      statusCode: 201,
      body: { run: 2 },
      replayed: false,
    });
    await expect(idempotency.run(request('a', { to: '+2' }), 201, work)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('keeps no key for work that failed', async () => {
    const idempotency = createIdempotency(database.db, silentLog);
    await expect(idempotency.run(request('failing'), 201, () => Promise.reject(new Error('refused')))).rejects.toThrow(
      'refused',
    );
    expect(await keys()).not.toContain('failing');
  });

  it('sweeps keys past their 24 hours', async () => {
    const idempotency = createIdempotency(database.db, silentLog);
    await idempotency.run(request('old'), 201, async () => ({}));
    await idempotency.run(request('fresh'), 201, async () => ({}));
    await age('old', 30);
    idempotency.sweeper.start();
    try {
      await eventually(async () => !(await keys()).includes('old'), 'the sweep removed the old key');
      expect(await keys()).toContain('fresh');
    } finally {
      await idempotency.sweeper.stop();
    }
  });
});
