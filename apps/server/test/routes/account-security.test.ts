import type { Account, AccountSession } from '@switchboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyTokenOf } from '../helpers/account-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { startMailCatcher, type MailCatcher } from '../helpers/mail-catcher.js';
import { socketClients, waitUntil } from '../helpers/socket-clients.js';
import { createTestApp, login, register, TEST_PASSWORD, type SignedIn, type TestApp } from '../helpers/test-app.js';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('own account: e-mail change, password, sessions', () => {
  let t: TestApp;
  let smtp: MailCatcher;
  let sockets: Awaited<ReturnType<typeof socketClients>>;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://sb.example.com' });
    sockets = await socketClients(t);
  });
  afterEach(() => sockets.closeAll());
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (user: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.authorization, ...(payload && { payload }) });
  const refresh = (user: SignedIn) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: user.refreshCookie } });
  const sessionsOf = async (user: SignedIn) =>
    (await call(user, 'GET', '/api/account/sessions')).json<{ sessions: AccountSession[] }>().sessions;

  describe('e-mail change', () => {
    it('mails a 24-hour link to the new address; opening it moves the account and notifies the old one', async () => {
      const user = await register(t.app, 'old@mail-change.example', 'Mover');
      const asked = await call(user, 'POST', '/api/account/email', {
        email: 'New@Mail-Change.example',
        password: TEST_PASSWORD,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const mail = await smtp.take('new@mail-change.example');
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://sb.example.com/pages/verify-email?token=');
      const account = (await call(user, 'GET', '/api/account')).json<{ account: Account }>().account;
      expect(account).toMatchObject({ email: 'old@mail-change.example', pendingEmail: 'new@mail-change.example' });

      const token = verifyTokenOf(mail.raw);
      const verified = await t.app.inject({ method: 'POST', url: '/api/account/email/verify', payload: { token } });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await smtp.take('old@mail-change.example')).raw).toMatch(/was changed/);
      await login(t.app, 'new@mail-change.example');
      const after = (await call(user, 'GET', '/api/account')).json<{ account: Account }>().account;
      expect(after).toMatchObject({ email: 'new@mail-change.example', pendingEmail: null, isVerified: true });
      expectErrorBody(
        await t.app.inject({ method: 'POST', url: '/api/account/email/verify', payload: { token } }),
        400,
        'INVALID_VERIFICATION_TOKEN',
      );
    });

    it('refuses a wrong password, an address in use (then and when the link is opened), a bad token', async () => {
      const user = await register(t.app, 'stay@mail-change.example');
      await register(t.app, 'taken@mail-change.example');
      const ask = (email: string, password = TEST_PASSWORD) =>
        call(user, 'POST', '/api/account/email', { email, password });
      expectErrorBody(await ask('free@mail-change.example', 'wrong-password'), 403, 'WRONG_PASSWORD');
      expectErrorBody(await ask('taken@mail-change.example'), 409, 'EMAIL_IN_USE');
      expectErrorBody(await ask('not an address'), 400, 'VALIDATION_FAILED');

      expect((await ask('race@mail-change.example')).statusCode).toBe(200);
      const token = verifyTokenOf((await smtp.take('race@mail-change.example')).raw);
      await register(t.app, 'race@mail-change.example'); // someone takes it meanwhile
      expectErrorBody(
        await t.app.inject({ method: 'POST', url: '/api/account/email/verify', payload: { token } }),
        409,
        'EMAIL_IN_USE',
      );
      expectErrorBody(
        await t.app.inject({ method: 'POST', url: '/api/account/email/verify', payload: { token: 'x'.repeat(43) } }),
        400,
        'INVALID_VERIFICATION_TOKEN',
      );
    });
  });

  describe('POST /api/account/password', () => {
    it('needs the current password; signs every other session out and tells them', async () => {
      const here = await register(t.app, 'pw@password-change.example');
      const elsewhere = await login(t.app, 'pw@password-change.example');
      const otherTab = await sockets.connectAs(elsewhere, 'session.revoked');
      const change = (currentPassword: string) =>
        call(here, 'POST', '/api/account/password', { currentPassword, newPassword: 'a-new-long-password' });
      expectErrorBody(await change('wrong-password'), 403, 'WRONG_PASSWORD');
      expectErrorBody(
        await call(here, 'POST', '/api/account/password', { currentPassword: TEST_PASSWORD, newPassword: 'short' }),
        400,
        'VALIDATION_FAILED',
      );
      expect((await change(TEST_PASSWORD)).statusCode).toBe(200);

      const elsewhereSession = (await sessionsOf(here)).find((s) => !s.current);
      expect(elsewhereSession).toBeUndefined();
      await waitUntil(
        () => otherTab.seen.find((e) => e.reason === 'password-changed'),
        () => 'no session.revoked to the other session',
      );
      expectErrorBody(await call(elsewhere, 'GET', '/api/account'), 401, 'UNAUTHENTICATED');
      expectErrorBody(await refresh(elsewhere), 401, 'INVALID_REFRESH_TOKEN');
      expect((await call(here, 'GET', '/api/account')).statusCode).toBe(200);
      await login(t.app, 'pw@password-change.example', 'a-new-long-password');
    });
  });

  describe('sessions', () => {
    it('lists the live sessions, current first, with device, address and last use', async () => {
      await register(t.app, 'list@sessions.example');
      const phone = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'list@sessions.example', password: TEST_PASSWORD },
        headers: { 'user-agent': CHROME_ANDROID },
        remoteAddress: '203.0.113.7',
      });
      const me = await login(t.app, 'list@sessions.example');
      const sessions = await sessionsOf(me);
      expect(sessions.length).toBe(3);
      expect(sessions[0]!.current).toBe(true);
      const phoneSession = sessions.find((s) => s.ip === '203.0.113.7');
      expect(phoneSession).toMatchObject({ browser: 'Chrome 131', os: 'Android 14', device: 'mobile', current: false });
      expect(Date.parse(phoneSession!.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(phone.statusCode).toBe(200);
      expect(sessions.every((s) => s.ip !== null)).toBe(true); // sign-up's session too
    });

    it('signs one session out (404 for another user’s) and then all others', async () => {
      const me = await register(t.app, 'out@sessions.example');
      const second = await login(t.app, 'out@sessions.example');
      const third = await login(t.app, 'out@sessions.example');
      const stranger = await register(t.app, 'stranger@other-sessions.example');
      const secondTab = await sockets.connectAs(second, 'session.revoked');
      const thirdTab = await sockets.connectAs(third, 'session.revoked');
      const secondId = (await sessionsOf(second)).find((s) => s.current)!.id;

      expectErrorBody(await call(stranger, 'DELETE', `/api/account/sessions/${secondId}`), 404, 'NOT_FOUND');
      expectErrorBody(await call(me, 'DELETE', '/api/account/sessions/not-a-uuid'), 400, 'VALIDATION_FAILED');
      expect((await call(me, 'DELETE', `/api/account/sessions/${secondId}`)).statusCode).toBe(200);
      await waitUntil(
        () => secondTab.seen.find((e) => e.sessionId === secondId),
        () => 'no session.revoked naming the session',
      );
      expectErrorBody(await call(second, 'GET', '/api/account'), 401);
      expect((await call(third, 'GET', '/api/account')).statusCode).toBe(200);

      expect((await call(me, 'POST', '/api/account/sessions/sign-out-others')).statusCode).toBe(200);
      await waitUntil(
        () => thirdTab.seen.find((e) => e.reason === 'signed-out'),
        () => 'no session.revoked to the third session',
      );
      expectErrorBody(await call(third, 'GET', '/api/account'), 401);
      expect((await sessionsOf(me)).map((s) => s.current)).toEqual([true]);
      expect((await sessionsOf(stranger)).length).toBe(1);
    });
  });
});
