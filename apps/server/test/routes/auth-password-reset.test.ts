import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/secure-token.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { resetTokenOf, startMailCatcher, type MailCatcher } from '../helpers/mail-catcher.js';
import { createTestApp, login, register, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';

const NEW_PASSWORD = 'a-brand-new-password';

describe('password reset (mailed through SMTP)', () => {
  let t: TestApp;
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://sms.example.com' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
  const loginBody = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json<object>();

  /** Asks for a link and returns the token from the mail that arrives. */
  async function requestLink(email: string): Promise<string> {
    expect((await forgot(email)).statusCode).toBe(200);
    return resetTokenOf(await smtp.take(email));
  }

  describe('POST /api/auth/forgot-password', () => {
    it('answers 200 with the same body for a known and an unknown address', async () => {
      await register(t.app, 'known@example.com');
      const unknown = await forgot('unknown@example.com');
      const known = await forgot('known@example.com');
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ ok: true });
    });

    it('mails a one-hour link to the account’s address under PUBLIC_URL, and nothing to unknown ones', async () => {
      await register(t.app, 'mailed@example.com', 'Mailed Person');
      await forgot('nobody-here@example.com');
      const response = await forgot('MAILED@example.com');
      expect(response.statusCode).toBe(200);
      const mail = await smtp.take('mailed@example.com');
      expect(mail.raw).toMatch(/Subject: Reset your Switchboard password/);
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://sms.example.com/pages/reset-password?token=');
      expect(response.body).not.toContain(resetTokenOf(mail));
      expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    });

    it('stores only a hash of the reset token', async () => {
      await register(t.app, 'hashed-link@example.com');
      const token = await requestLink('hashed-link@example.com');
      const db = t.app.database.db;
      expect(await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, token))).toHaveLength(0);
      expect(
        await db
          .select()
          .from(passwordResets)
          .where(eq(passwordResets.tokenHash, hashToken(token))),
      ).toHaveLength(1);
    });

    it('refuses an invalid address with 400', async () => {
      expectErrorBody(await forgot('not-an-address'), 400, 'VALIDATION_FAILED');
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password: the old one fails and the new one works', async () => {
      await register(t.app, 'reset@example.com');
      const token = await requestLink('reset@example.com');
      const response = await reset(token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await loginBody('reset@example.com', TEST_PASSWORD)).toEqual({
        error: 'Email Or Password Invalid',
        code: 'INVALID_CREDENTIALS',
      });
      expect(await loginBody('reset@example.com', NEW_PASSWORD)).toHaveProperty('accessToken');
    });

    it('works only once: the second use answers 400 INVALID_RESET_TOKEN', async () => {
      await register(t.app, 'once@example.com');
      const token = await requestLink('once@example.com');
      expect((await reset(token)).statusCode).toBe(200);
      expectErrorBody(await reset(token, 'yet-another-password'), 400, 'INVALID_RESET_TOKEN');
      expect(await loginBody('once@example.com', NEW_PASSWORD)).toHaveProperty('accessToken');
    });

    it('signs out every existing session', async () => {
      await register(t.app, 'everywhere@example.com');
      const first = await login(t.app, 'everywhere@example.com');
      const second = await login(t.app, 'everywhere@example.com');
      const token = await requestLink('everywhere@example.com');
      expect((await reset(token)).statusCode).toBe(200);
      for (const session of [first, second]) {
        const refresh = await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          headers: { cookie: session.refreshCookie },
        });
        expectErrorBody(refresh, 401, 'INVALID_REFRESH_TOKEN');
        const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.authorization });
        expectErrorBody(me, 401, 'UNAUTHENTICATED');
      }
    });

    it('answers 400 to an expired link and keeps the old password', async () => {
      await register(t.app, 'expired@example.com');
      const token = await requestLink('expired@example.com');
      await t.app.database.db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.tokenHash, hashToken(token)));
      expectErrorBody(await reset(token), 400, 'INVALID_RESET_TOKEN');
      expect(await loginBody('expired@example.com', TEST_PASSWORD)).toHaveProperty('accessToken');
    });

    it('makes the link expire after one hour', async () => {
      await register(t.app, 'one-hour@example.com');
      const token = await requestLink('one-hour@example.com');
      const [row] = await t.app.database.db
        .select({ expiresAt: passwordResets.expiresAt })
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashToken(token)));
      const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
    });

    it('invalidates the other links of the account once one is used', async () => {
      await register(t.app, 'two-links@example.com');
      const older = await requestLink('two-links@example.com');
      const newer = await requestLink('two-links@example.com');
      expect(newer).not.toBe(older);
      expect((await reset(newer)).statusCode).toBe(200);
      expectErrorBody(await reset(older, 'password-from-old-link'), 400, 'INVALID_RESET_TOKEN');
    });

    it('answers 400 to an unknown token', async () => {
      expectErrorBody(await reset('never-issued-token'), 400, 'INVALID_RESET_TOKEN');
    });

    it('refuses a new password under 8 characters and leaves the link usable', async () => {
      await register(t.app, 'short-new@example.com');
      const token = await requestLink('short-new@example.com');
      const response = await reset(token, 'short');
      expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').error).toBe(
        'The password must be at least 8 characters long.',
      );
      expect((await reset(token)).statusCode).toBe(200);
    });
  });
});
