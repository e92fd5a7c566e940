import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The raw Set-Cookie line of the refresh cookie. */
function refreshSetCookie(response: Injected): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  const line = lines.find((l) => l.startsWith('sb_refresh='));
  if (!line) throw new Error(`no refresh cookie: ${JSON.stringify(header)}`);
  return line;
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((part) => part.trim().split('=')[0]!.toLowerCase());

describe('refresh cookie flags (http PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:5000', REFRESH_TOKEN_TTL: '3600' });
    await register(t.app, 'cookie@example.com');
  });
  afterAll(() => t.close());

  const loginWith = (extra: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cookie@example.com', password: TEST_PASSWORD, ...extra },
    });

  it('is HttpOnly, SameSite=Lax and scoped to /api/auth', async () => {
    const line = refreshSetCookie(await loginWith({}));
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/api\/auth(;|$)/);
    expect(line).not.toMatch(/;\s*Domain=/i);
  });

  it('is not Secure when PUBLIC_URL is http', async () => {
    expect(attributes(refreshSetCookie(await loginWith({})))).not.toContain('secure');
  });

  it('lasts REFRESH_TOKEN_TTL when "remember me" is on or not given', async () => {
    for (const extra of [{}, { rememberMe: true }]) {
      const line = refreshSetCookie(await loginWith(extra));
      expect(line).toMatch(/;\s*Max-Age=3600(;|$)/);
    }
  });

  it('is a session cookie (no Max-Age, no Expires) when "remember me" is off', async () => {
    const line = refreshSetCookie(await loginWith({ rememberMe: false }));
    expect(attributes(line)).not.toContain('max-age');
    expect(attributes(line)).not.toContain('expires');
    expect(line).toMatch(/;\s*HttpOnly/i);
  });

  it('stays a session cookie when a "remember me: off" session is refreshed', async () => {
    const first = await loginWith({ rememberMe: false });
    const cookie = `sb_refresh=${first.cookies.find((c) => c.name === 'sb_refresh')!.value}`;
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const line = refreshSetCookie(refreshed);
    expect(attributes(line)).not.toContain('max-age');
    expect(attributes(line)).not.toContain('expires');
  });

  it('keeps its lifetime when a remembered session is refreshed', async () => {
    const first = await loginWith({ rememberMe: true });
    const cookie = `sb_refresh=${first.cookies.find((c) => c.name === 'sb_refresh')!.value}`;
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });
    expect(refreshSetCookie(refreshed)).toMatch(/;\s*Max-Age=3600(;|$)/);
  });

  it('is cleared by a refresh that fails with it, but a refresh sent without one sets no cookie', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: 'sb_refresh=not-a-session' },
    });
    expect(failed.statusCode).toBe(401);
    expect(failed.cookies.find((c) => c.name === 'sb_refresh')?.value).toBe('');
    // A signed-out tab's refresh must not expire the cookie another tab has just been given.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('is set on register too, with the same flags', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'New', email: 'cookie-new@example.com', password: TEST_PASSWORD },
    });
    const line = refreshSetCookie(response);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/api\/auth(;|$)/);
  });
});

describe('refresh cookie flags (https PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sms.example.com' });
  });
  afterAll(() => t.close());

  it('is Secure, HttpOnly and SameSite=Lax when PUBLIC_URL is https', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'Tls', email: 'tls@example.com', password: TEST_PASSWORD },
    });
    const line = refreshSetCookie(response);
    expect(attributes(line)).toContain('secure');
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
  });

  it('clears the cookie with the same Secure flag on logout', async () => {
    const session = await register(t.app, 'tls-logout@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session.refreshCookie },
    });
    const line = refreshSetCookie(response);
    expect(attributes(line)).toContain('secure');
    expect(line).toMatch(/;\s*Path=\/api\/auth(;|$)/);
  });
});

describe('session marker cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is set, readable by the page and scoped to the site, next to the refresh cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'Marker', email: 'marker@example.com', password: 'correct-horse-battery' },
    });
    const marker = response.cookies.find((c) => c.name === 'sb_session');
    expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(marker?.httpOnly).toBeFalsy();
  });

  it('is cleared on logout', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    const marker = response.cookies.find((c) => c.name === 'sb_session');
    expect(marker?.value).toBe('');
  });
});
