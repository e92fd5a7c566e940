import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/secure-token.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, login, refreshCookieOf, register, type TestApp } from '../helpers/test-app.js';

describe('POST /api/auth/refresh-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await register(t.app, 'rotate@example.com');
  });
  afterAll(() => t.close());

  const refresh = (cookie?: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload ? { payload } : {}),
    });
  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  it('rotates the cookie and returns a new access token that works on /api/auth/me', async () => {
    const session = await login(t.app, 'rotate@example.com');
    const response = await refresh(session.refreshCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ accessToken: string }>();
    expect(Object.keys(body)).toEqual(['accessToken']);
    const rotated = refreshCookieOf(response);
    expect(rotated).not.toBe(session.refreshCookie);
    expect(response.body).not.toContain(rotated.split('=')[1]!);
    const whoami = await me(body.accessToken);
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json()).toEqual({ userData: session.userData });
  });

  it('keeps rotating: each new cookie can be used once', async () => {
    let cookie = (await login(t.app, 'rotate@example.com')).refreshCookie;
    for (let i = 0; i < 3; i++) {
      const response = await refresh(cookie);
      expect(response.statusCode).toBe(200);
      cookie = refreshCookieOf(response);
    }
  });

  it('accepts the optional { accessToken } body', async () => {
    const session = await login(t.app, 'rotate@example.com');
    const response = await refresh(session.refreshCookie, { accessToken: session.accessToken });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 without a refresh cookie', async () => {
    const body = expectErrorBody(await refresh(), 401, 'INVALID_REFRESH_TOKEN');
    expect(body.error).toMatch(/sign in/i);
  });

  it('answers 401 to an unknown refresh token and clears the cookie', async () => {
    const response = await refresh('sb_refresh=this-token-was-never-issued');
    expectErrorBody(response, 401, 'INVALID_REFRESH_TOKEN');
    expect(response.cookies.find((c) => c.name === 'sb_refresh')?.value).toBe('');
  });

  it('does not accept the access token in place of the refresh cookie', async () => {
    const session = await login(t.app, 'rotate@example.com');
    expectErrorBody(await refresh(undefined, { accessToken: session.accessToken }), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const session = await login(t.app, 'rotate@example.com');
    // The rightful holder rotates first...
    const first = await refresh(session.refreshCookie);
    expect(first.statusCode).toBe(200);
    const newerCookie = refreshCookieOf(first);
    const newerAccess = first.json<{ accessToken: string }>().accessToken;
    expect((await me(newerAccess)).statusCode).toBe(200);

    // ...then a copy of the old token is replayed.
    expectErrorBody(await refresh(session.refreshCookie), 401, 'INVALID_REFRESH_TOKEN');

    // The later holder is signed out too: its refresh token and its access token stop working.
    expectErrorBody(await refresh(newerCookie), 401, 'INVALID_REFRESH_TOKEN');
    expectErrorBody(await me(newerAccess), 401, 'UNAUTHENTICATED');
    expectErrorBody(await me(session.accessToken), 401, 'UNAUTHENTICATED');
  });

  it('revokes the family when the replay comes before the holder rotates again', async () => {
    const session = await login(t.app, 'rotate@example.com');
    const stolen = await refresh(session.refreshCookie);
    const thiefCookie = refreshCookieOf(stolen);
    // The victim's browser still has the first token and uses it: reuse detected.
    expectErrorBody(await refresh(session.refreshCookie), 401, 'INVALID_REFRESH_TOKEN');
    expectErrorBody(await refresh(thiefCookie), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('does not touch other sessions of the same user when one family is revoked', async () => {
    const other = await login(t.app, 'rotate@example.com');
    const session = await login(t.app, 'rotate@example.com');
    await refresh(session.refreshCookie);
    await refresh(session.refreshCookie);
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
  });

  it('answers 401 to an expired refresh token', async () => {
    const session = await login(t.app, 'rotate@example.com');
    const token = session.refreshCookie.slice('sb_refresh='.length);
    await t.app.database.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    expectErrorBody(await refresh(session.refreshCookie), 401, 'INVALID_REFRESH_TOKEN');
  });

  it('stores only a hash of the refresh token', async () => {
    const session = await login(t.app, 'rotate@example.com');
    const token = session.refreshCookie.slice('sb_refresh='.length);
    const plain = await t.app.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, token));
    expect(plain).toHaveLength(0);
    const hashed = await t.app.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    expect(hashed).toHaveLength(1);
  });
});

describe('refresh tokens with a short REFRESH_TOKEN_TTL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REFRESH_TOKEN_TTL: '1' });
  });
  afterAll(() => t.close());

  it('stop working once REFRESH_TOKEN_TTL has passed', async () => {
    const session = await register(t.app, 'short@example.com');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: session.refreshCookie },
    });
    expectErrorBody(response, 401, 'INVALID_REFRESH_TOKEN');
  });
});

describe('per-IP limit on POST /api/auth/refresh-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('allows ten times the credential limit, then answers 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
