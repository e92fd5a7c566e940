import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Account, RecoveryCodes, TwoFactorSetup } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { signGrantToken } from '../../src/lib/grant-token.js';
import { expectErrorBody } from '../helpers/expectations.js';
import {
  createTestApp,
  refreshCookieOf,
  register,
  TEST_PASSWORD,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';

const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
const STEP_SECONDS = 30;
const nowStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
/** The code of a time step (otplib, as an authenticator app makes it). */
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const password = (email: string) => post('/api/auth/login', { email, password: TEST_PASSWORD });

  /** A user with two-factor on: its secret, its recovery codes, and the step of the code that enabled it. */
  async function enrolled(email: string): Promise<{ user: SignedIn; secret: string; codes: string[]; step: number }> {
    const user = await register(t.app, email);
    const setup = await post('/api/account/two-factor/setup', { password: TEST_PASSWORD }, user.authorization);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json<TwoFactorSetup>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Switchboard:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const step = nowStep() - 1; // a code of the last step is still accepted (clock drift)
    const enable = await post(
      '/api/account/two-factor/enable',
      { code: await codeAt(secret, step) },
      user.authorization,
    );
    expect(enable.statusCode, enable.body).toBe(200);
    const codes = enable.json<RecoveryCodes>().recoveryCodes;
    expect(codes).toHaveLength(10);
    return { user, secret, codes, step };
  }

  async function challengeOf(email: string): Promise<string> {
    const answer = await password(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.cookies.find((c) => c.name === 'sb_refresh')).toBeUndefined();
    const body = answer.json<{ twoFactorRequired: true; challenge: string }>();
    expect(body.twoFactorRequired).toBe(true);
    return body.challenge;
  }

  it('signs in end to end: password, then a code; the session works and the account says so', async () => {
    const { secret } = await enrolled('e2e@twofactor.example');
    const challenge = await challengeOf('e2e@twofactor.example');
    const second = await post('/api/auth/login/two-factor', { challenge, code: await codeAt(secret, nowStep()) });
    expect(second.statusCode, second.body).toBe(200);
    expect(refreshCookieOf(second)).toMatch(/^sb_refresh=/);
    const token = second.json<{ accessToken: string }>().accessToken;
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.json<{ account: Account }>().account).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    // The stored secret is sealed, not the base32 one.
    const [row] = await t.app.database.db
      .select({ secret: users.twoFactorSecret })
      .from(users)
      .where(eq(users.email, 'e2e@twofactor.example'));
    expect(row?.secret).not.toContain(secret);
    expect(row?.secret).toMatch(/^v1\./);
  });

  it('keeps the "remember me" choice of the password step through the challenge', async () => {
    const { secret } = await enrolled('remember@twofactor.example');
    const cookieAfter = async (rememberMe: boolean, step: number) => {
      const first = await post('/api/auth/login', {
        email: 'remember@twofactor.example',
        password: TEST_PASSWORD,
        rememberMe,
      });
      const { challenge } = first.json<{ challenge: string }>();
      const second = await post('/api/auth/login/two-factor', { challenge, code: await codeAt(secret, step) });
      expect(second.statusCode, second.body).toBe(200);
      return second.cookies.find((c) => c.name === 'sb_refresh')!;
    };
    expect((await cookieAfter(false, nowStep())).maxAge).toBeUndefined();
    expect((await cookieAfter(true, nowStep() + 1)).maxAge).toBeGreaterThan(0);
  });

  it('refuses a wrong code, a reused code and a code of an earlier step (401 TWO_FACTOR_INVALID)', async () => {
    const { secret, step } = await enrolled('reuse@twofactor.example');
    const challenge = await challengeOf('reuse@twofactor.example');
    const login = (code: string) => post('/api/auth/login/two-factor', { challenge, code });
    const wrong = (await codeAt(secret, nowStep())) === '000000' ? '111111' : '000000';
    expectErrorBody(await login(wrong), 401, 'TWO_FACTOR_INVALID');
    // The code that enabled it (its step) cannot sign in.
    expectErrorBody(await login(await codeAt(secret, step)), 401, 'TWO_FACTOR_INVALID');
    const current = await codeAt(secret, nowStep());
    expect((await login(current)).statusCode).toBe(200);
    expectErrorBody(await login(current), 401, 'TWO_FACTOR_INVALID');
  });

  it('takes each recovery code once', async () => {
    const { codes } = await enrolled('recovery@twofactor.example');
    const challenge = await challengeOf('recovery@twofactor.example');
    const first = await post('/api/auth/login/two-factor', { challenge, recoveryCode: codes[0]!.toUpperCase() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/auth/login/two-factor', { challenge, recoveryCode: codes[0] });
    expectErrorBody(again, 401, 'TWO_FACTOR_INVALID');
    const token = first.json<{ accessToken: string }>().accessToken;
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.json<{ account: Account }>().account.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes as failed sign-ins: after five, even a right code waits (429)', async () => {
    const { secret } = await enrolled('limit@twofactor.example');
    const challenge = await challengeOf('limit@twofactor.example');
    const wrong = (await codeAt(secret, nowStep())) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expectErrorBody(await post('/api/auth/login/two-factor', { challenge, code: wrong }), 401, 'TWO_FACTOR_INVALID');
    }
    const right = await post('/api/auth/login/two-factor', { challenge, code: await codeAt(secret, nowStep()) });
    expectErrorBody(right, 429, 'RATE_LIMITED');
  });

  it('refuses an expired, forged or foreign challenge', async () => {
    const { user, secret } = await enrolled('challenge@twofactor.example');
    const key = new TextEncoder().encode(JWT_SECRET);
    const grant = { subject: user.userData.id, claims: { rm: '1' } };
    const expired = await signGrantToken(key, { ...grant, audience: 'switchboard-2fa', ttlSeconds: -60 });
    const forged = await signGrantToken(new TextEncoder().encode('another-secret-of-32-characters-or-more!'), {
      ...grant,
      audience: 'switchboard-2fa',
      ttlSeconds: 300,
    });
    const otherAudience = await signGrantToken(key, { ...grant, audience: 'voice-recording', ttlSeconds: 300 });
    const code = await codeAt(secret, nowStep());
    for (const challenge of [expired.token, forged.token, otherAudience.token, user.accessToken]) {
      expectErrorBody(await post('/api/auth/login/two-factor', { challenge, code }), 401, 'TWO_FACTOR_INVALID');
    }
    expectErrorBody(await post('/api/auth/login/two-factor', { challenge: 'x'.repeat(20) }), 400, 'VALIDATION_FAILED');
  });

  it('needs the password to start, a right code to enable, and refuses a second setup (409)', async () => {
    const user = await register(t.app, 'setup@twofactor.example');
    const setup = (body: object) => post('/api/account/two-factor/setup', body, user.authorization);
    expectErrorBody(await setup({ password: 'not-the-password' }), 403, 'WRONG_PASSWORD');
    expectErrorBody(
      await post('/api/account/two-factor/enable', { code: '123456' }, user.authorization),
      409,
      'TWO_FACTOR_STATE_CONFLICT',
    );
    const { secret } = (await setup({ password: TEST_PASSWORD })).json<TwoFactorSetup>();
    const wrong = (await codeAt(secret, nowStep())) === '000000' ? '111111' : '000000';
    expectErrorBody(
      await post('/api/account/two-factor/enable', { code: wrong }, user.authorization),
      401,
      'TWO_FACTOR_INVALID',
    );
    expectErrorBody(await post('/api/account/two-factor/enable', { code: '12' }, user.authorization), 400);
    const code = await codeAt(secret, nowStep());
    expect((await post('/api/account/two-factor/enable', { code }, user.authorization)).statusCode).toBe(200);
    expectErrorBody(await setup({ password: TEST_PASSWORD }), 409, 'TWO_FACTOR_STATE_CONFLICT');
    expectErrorBody(await post('/api/account/two-factor/setup', { password: TEST_PASSWORD }), 401, 'UNAUTHENTICATED');
  });

  it('turns off with the password and a current code; sign-in is one step again', async () => {
    const { user, secret } = await enrolled('off@twofactor.example');
    const code = await codeAt(secret, nowStep());
    expectErrorBody(
      await post('/api/account/two-factor/disable', { password: 'wrong-password', code }, user.authorization),
      403,
      'WRONG_PASSWORD',
    );
    const off = await post('/api/account/two-factor/disable', { password: TEST_PASSWORD, code }, user.authorization);
    expect(off.statusCode, off.body).toBe(200);
    const plain = await password('off@twofactor.example');
    expect(plain.json<{ accessToken?: string }>().accessToken).toEqual(expect.any(String));
  });

  it('gives new recovery codes and the old ones stop working', async () => {
    const { user, secret, codes } = await enrolled('newcodes@twofactor.example');
    const code = await codeAt(secret, nowStep());
    const renewed = await post(
      '/api/account/two-factor/recovery-codes',
      { password: TEST_PASSWORD, code },
      user.authorization,
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<RecoveryCodes>().recoveryCodes;
    expect(fresh).not.toContain(codes[0]);
    const challenge = await challengeOf('newcodes@twofactor.example');
    expectErrorBody(await post('/api/auth/login/two-factor', { challenge, recoveryCode: codes[1] }), 401);
    expect((await post('/api/auth/login/two-factor', { challenge, recoveryCode: fresh[1] })).statusCode).toBe(200);
  });
});
