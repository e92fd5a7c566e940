import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** The bound is a second; the assertion allows for a busy machine's scheduling. */
const WITHIN_MS = 1_500;

/**
 * Two apps on one PostgreSQL database, as two instances: each caches the sessions it has served,
 * and a revocation or a role change on A reaches B's cache through a 'sessions.revoked' notice.
 */
describe.skipIf(!onPostgres)('sessions revoked on one instance, refused on the other', () => {
  let databaseA: TestDatabase;
  let databaseB: Database;
  let a: TestApp;
  let b: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    databaseA = await openTestDatabase();
    databaseB = await databaseA.reopen!();
    a = await createTestApp({}, { database: databaseA });
    b = await createTestApp({}, { database: databaseB });
    admin = await register(a.app, 'admin@session-revocation.example');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await databaseB?.close();
    await databaseA?.close();
  });

  const me = (t: TestApp, session: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.authorization });
  const adminRoute = (t: TestApp, session: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/members', headers: session.authorization });

  /** Milliseconds from now until `check` holds (asked every 20 ms, for at most 10 s). */
  async function elapsedUntil(check: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > 10_000) throw new Error('not within 10 s');
      await sleep(20);
    }
    return performance.now() - started;
  }

  it('refuses on B an access token signed out on A within a second', async () => {
    const session = await login(a.app, 'admin@session-revocation.example');
    // B has served the token, so its session is cached there.
    expect((await me(b, session)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.authorization });
    expect(out.statusCode).toBe(200);
    expect((await me(a, session)).statusCode).toBe(401);
    const elapsed = await elapsedUntil(async () => (await me(b, session)).statusCode === 401);
    expect(elapsed).toBeLessThanOrEqual(WITHIN_MS);
    // The admin's other session is untouched on both.
    expect((await me(b, admin)).statusCode).toBe(200);
  });

  it('judges a member on B by the role an admin set on A within a second', async () => {
    await addMember(a.app, admin.userData.workspaceId, 'editor@session-revocation.example', 'editor');
    const editor = await login(b.app, 'editor@session-revocation.example');
    expect((await adminRoute(b, editor)).statusCode).toBe(403);
    const promoted = await a.app.inject({
      method: 'PATCH',
      url: `/api/members/${editor.userData.id}`,
      headers: admin.authorization,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    const elapsed = await elapsedUntil(async () => (await adminRoute(b, editor)).statusCode === 200);
    expect(elapsed).toBeLessThanOrEqual(WITHIN_MS);
  });
});
