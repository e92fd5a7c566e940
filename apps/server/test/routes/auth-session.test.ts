import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, login, register, TEST_PASSWORD, type SignedIn, type TestApp } from '../helpers/test-app.js';

const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

function claimsOf(accessToken: string): { sub: string; sid: string } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
}

function sign(claims: { sub: string; sid: string }, secret: string, expiresAt: string | number = '15m') {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('switchboard')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

describe('session routes', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET: TEST_SECRET });
    owner = await register(t.app, 'session@example.com', 'Session Owner');
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const refresh = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });

  describe('GET /api/auth/me', () => {
    it('answers the current userData', async () => {
      const response = await me(owner.authorization);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userData: owner.userData });
    });

    it('answers 401 without a token', async () => {
      expectErrorBody(await me(), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['garbage', 'Bearer not-a-jwt'],
      ['an empty bearer', 'Bearer '],
      ['another scheme', `Basic ${Buffer.from('session@example.com:x').toString('base64')}`],
    ])('answers 401 to %s', async (_, authorization) => {
      expectErrorBody(await me({ authorization }), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 to a token whose payload was changed', async () => {
      const [header, , signature] = owner.accessToken.split('.');
      const payload = Buffer.from(JSON.stringify({ ...claimsOf(owner.accessToken), sub: randomUUID() }));
      const authorization = `Bearer ${header}.${payload.toString('base64url')}.${signature}`;
      expectErrorBody(await me({ authorization }), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 to a token signed with another secret', async () => {
      const forged = await sign(claimsOf(owner.accessToken), 'some-other-secret-that-is-32-chars-long!!');
      expectErrorBody(await me({ authorization: `Bearer ${forged}` }), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 to an unsigned (alg none) token', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(
        JSON.stringify({
          ...claimsOf(owner.accessToken),
          iss: 'switchboard',
          exp: Math.floor(Date.now() / 1000) + 600,
        }),
      ).toString('base64url');
      expectErrorBody(await me({ authorization: `Bearer ${header}.${payload}.` }), 401, 'UNAUTHENTICATED');
    });

    it('answers 401 to an expired token', async () => {
      const expired = await sign(claimsOf(owner.accessToken), TEST_SECRET, Math.floor(Date.now() / 1000) - 10);
      expectErrorBody(await me({ authorization: `Bearer ${expired}` }), 401, 'UNAUTHENTICATED');
      // The same claims, signed with the right secret and not expired, are accepted.
      const fresh = await sign(claimsOf(owner.accessToken), TEST_SECRET);
      expect((await me({ authorization: `Bearer ${fresh}` })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session of the cookie: its refresh and access tokens stop working', async () => {
      const session = await login(t.app, 'session@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: session.refreshCookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expectErrorBody(await refresh(session.refreshCookie), 401, 'INVALID_REFRESH_TOKEN');
      expectErrorBody(await me(session.authorization), 401, 'UNAUTHENTICATED');
    });

    it('revokes the whole family, including tokens issued by earlier rotations', async () => {
      const session = await login(t.app, 'session@example.com');
      const rotated = await refresh(session.refreshCookie);
      const access = rotated.json<{ accessToken: string }>().accessToken;
      const cookie = `sb_refresh=${rotated.cookies.find((c) => c.name === 'sb_refresh')!.value}`;
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expectErrorBody(await me({ authorization: `Bearer ${access}` }), 401, 'UNAUTHENTICATED');
      expectErrorBody(await me(session.authorization), 401, 'UNAUTHENTICATED');
    });

    it('clears the refresh cookie', async () => {
      const session = await login(t.app, 'session@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: session.refreshCookie },
      });
      const cleared = response.cookies.find((c) => c.name === 'sb_refresh');
      expect(cleared?.value).toBe('');
      expect(cleared?.path).toBe('/api/auth');
      const expires = cleared?.expires ? new Date(cleared.expires).getTime() : Number.POSITIVE_INFINITY;
      expect(cleared?.maxAge === 0 || expires <= Date.now()).toBe(true);
    });

    it('revokes the session of the access token when no cookie is sent', async () => {
      const session = await login(t.app, 'session@example.com');
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.authorization });
      expectErrorBody(await me(session.authorization), 401, 'UNAUTHENTICATED');
      expectErrorBody(await refresh(session.refreshCookie), 401, 'INVALID_REFRESH_TOKEN');
    });

    it('leaves the user’s other sessions signed in', async () => {
      const other = await login(t.app, 'session@example.com');
      const session = await login(t.app, 'session@example.com');
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session.refreshCookie } });
      expect((await me(other.authorization)).statusCode).toBe(200);
    });

    it('answers 200 without a cookie or token (already signed out)', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });
  });

  describe('POST /api/auth/unlock', () => {
    const unlock = (password: string, headers: Record<string, string> = owner.authorization) =>
      t.app.inject({ method: 'POST', url: '/api/auth/unlock', headers, payload: { password } });

    it('answers 200 to the right password', async () => {
      const response = await unlock(TEST_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    });

    it('answers 403 WRONG_PASSWORD to a wrong password', async () => {
      expectErrorBody(await unlock('not-the-password'), 403, 'WRONG_PASSWORD');
    });

    it('answers 401 without a signed-in user', async () => {
      expectErrorBody(await unlock(TEST_PASSWORD, {}), 401, 'UNAUTHENTICATED');
    });

    it('answers 400 to an empty password', async () => {
      expectErrorBody(await unlock(''), 400, 'VALIDATION_FAILED');
    });

    it('does not end the session after a wrong password', async () => {
      await unlock('not-the-password');
      expect((await me(owner.authorization)).statusCode).toBe(200);
    });
  });
});
