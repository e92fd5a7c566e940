import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';

const INVALID = { error: 'Email Or Password Invalid', code: 'INVALID_CREDENTIALS' };

describe('POST /api/auth/login', () => {
  let t: TestApp;
  let workspaceId: string;
  beforeAll(async () => {
    t = await createTestApp();
    workspaceId = (await register(t.app, 'owner@example.com', 'Owner')).userData.workspaceId;
  });
  afterAll(() => t.close());

  const post = (payload: object, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, ...(remoteAddress ? { remoteAddress } : {}) });

  it('signs in with the right password: userData, access token and refresh cookie', async () => {
    const response = await post({ email: 'owner@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ userData: Record<string, unknown>; accessToken: string }>();
    expect(body.userData).toMatchObject({ email: 'owner@example.com', displayName: 'Owner', userRole: 'admin' });
    expect(body.userData.workspaceId).toBe(workspaceId);
    expect(body.accessToken).toBeTruthy();
    expect(response.cookies.find((c) => c.name === 'sb_refresh')?.value).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.json()).toEqual({ userData: body.userData });
  });

  it('compares the e-mail case-insensitively', async () => {
    const response = await post({ email: '  OWNER@Example.Com ', password: TEST_PASSWORD });
    expect(response.json()).toMatchObject({ userData: { email: 'owner@example.com' } });
  });

  it('answers a wrong password and an unknown e-mail with the same 200 body and no cookie', async () => {
    const wrongPassword = await post({ email: 'owner@example.com', password: 'not-the-password' });
    const unknownEmail = await post({ email: 'nobody@example.com', password: TEST_PASSWORD });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(INVALID);
      expect(response.cookies).toHaveLength(0);
    }
    expect(wrongPassword.body).toBe(unknownEmail.body);
  });

  it('is case-sensitive about the password', async () => {
    const response = await post({ email: 'owner@example.com', password: TEST_PASSWORD.toUpperCase() });
    expect(response.json()).toEqual(INVALID);
  });

  it('lets an active editor sign in with role editor', async () => {
    await addMember(t.app, workspaceId, 'editor@example.com', 'editor');
    const session = await login(t.app, 'editor@example.com');
    expect(session.userData).toMatchObject({ userRole: 'editor', workspaceId });
  });

  it.each(['blocked', 'deactivated'] as const)('does not let a %s user sign in', async (status) => {
    await addMember(t.app, workspaceId, `${status}@example.com`, 'editor', status);
    const right = await post({ email: `${status}@example.com`, password: TEST_PASSWORD });
    expect(right.body).not.toContain('accessToken');
    expect(right.cookies).toHaveLength(0);
    expectErrorBody(right, 403, 'ACCOUNT_DISABLED');
    // A wrong password does not reveal the account's status.
    const wrong = await post({ email: `${status}@example.com`, password: 'not-the-password' });
    expect(wrong.json()).toEqual(INVALID);
  });

  it('signs out a user at once when the account gets blocked', async () => {
    await addMember(t.app, workspaceId, 'later-blocked@example.com', 'editor');
    const session = await login(t.app, 'later-blocked@example.com');
    await t.app.database.db
      .update(users)
      .set({ status: 'blocked' })
      .where(eq(users.email, 'later-blocked@example.com'));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.authorization });
    expectErrorBody(me, 401, 'UNAUTHENTICATED');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: session.refreshCookie },
    });
    expectErrorBody(refresh, 401, 'INVALID_REFRESH_TOKEN');
  });

  it('refuses a request without a password with 400', async () => {
    expectErrorBody(await post({ email: 'owner@example.com' }), 400, 'VALIDATION_FAILED');
  });

  describe('per-account limit', () => {
    it('answers 429 to the 6th attempt after 5 failures in 5 minutes, even with the right password', async () => {
      await register(t.app, 'victim@example.com');
      for (let i = 0; i < 5; i++) {
        // Different addresses: the limit follows the account, not the caller.
        const response = await post({ email: 'victim@example.com', password: `wrong-${i}` }, `10.0.0.${i + 1}`);
        expect(response.json()).toEqual(INVALID);
      }
      const sixth = await post({ email: 'victim@example.com', password: TEST_PASSWORD }, '10.0.1.1');
      expectErrorBody(sixth, 429, 'RATE_LIMITED');
      expect(sixth.cookies).toHaveLength(0);
      // The address in another case is the same account.
      expectErrorBody(await post({ email: 'VICTIM@example.com', password: TEST_PASSWORD }), 429, 'RATE_LIMITED');
    });

    it('still lets the account sign in after 4 failures', async () => {
      await register(t.app, 'four@example.com');
      for (let i = 0; i < 4; i++) await post({ email: 'four@example.com', password: `wrong-${i}` });
      const response = await post({ email: 'four@example.com', password: TEST_PASSWORD });
      expect(response.json()).toHaveProperty('accessToken');
    });

    it('does not limit other accounts', async () => {
      for (let i = 0; i < 6; i++) await post({ email: 'limited@example.com', password: `wrong-${i}` });
      expect((await login(t.app, 'owner@example.com')).accessToken).toBeTruthy();
    });

    it('counts only failures of the last 5 minutes', async () => {
      const { loginFailures } = await import('../../src/db/schema/index.js');
      await register(t.app, 'old-failures@example.com');
      for (let i = 0; i < 5; i++) await post({ email: 'old-failures@example.com', password: `wrong-${i}` });
      await t.app.database.db
        .update(loginFailures)
        .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(loginFailures.email, 'old-failures@example.com'));
      expect((await login(t.app, 'old-failures@example.com')).accessToken).toBeTruthy();
    });
  });

  it('never puts a password hash or the refresh token into a response body', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'Secret', email: 'secret@example.com', password: TEST_PASSWORD },
    });
    const loggedIn = await post({ email: 'secret@example.com', password: TEST_PASSWORD });
    const token = loggedIn.json<{ accessToken: string }>().accessToken;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    for (const response of [registered, loggedIn, me]) {
      expect(response.statusCode).toBe(200);
      expectNoSecrets(response);
    }
    for (const cookieSource of [registered, loggedIn]) {
      const value = cookieSource.cookies.find((c) => c.name === 'sb_refresh')!.value;
      expect(me.body).not.toContain(value);
    }
  });
});

describe('per-IP limit on POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 once one address exceeds the limit, and keeps serving other addresses', async () => {
    const attempt = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: 'x' } });
    for (let i = 0; i < 3; i++) expect((await attempt(`u${i}@example.com`, '192.0.2.7')).statusCode).toBe(200);
    const limited = await attempt('u9@example.com', '192.0.2.7');
    expectErrorBody(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await attempt('u9@example.com', '192.0.2.8')).statusCode).toBe(200);
  });
});
