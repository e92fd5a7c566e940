import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, expectNoSecrets } from '../helpers/expectations.js';
import { createTestApp, register, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

  it('creates a workspace admin and answers with userData, an access token and a refresh cookie', async () => {
    const response = await post({ displayName: 'Ada Lovelace', email: 'ada@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ userData: Record<string, unknown>; accessToken: string }>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'userData']);
    expect(Object.keys(body.userData).sort()).toEqual(
      ['displayName', 'email', 'id', 'photoURL', 'providerId', 'uid', 'userRole', 'workspaceId'].sort(),
    );
    expect(body.userData).toMatchObject({
      displayName: 'Ada Lovelace',
      email: 'ada@example.com',
      photoURL: null,
      providerId: 'password',
      userRole: 'admin',
    });
    expect(body.userData.uid).toBe(body.userData.id);
    expect(body.userData.workspaceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.accessToken.split('.')).toHaveLength(3);
    const cookie = response.cookies.find((c) => c.name === 'sb_refresh');
    expect(cookie?.value).toBeTruthy();
    expectNoSecrets(response);
  });

  it('gives the new account a session that works on /api/auth/me', async () => {
    const session = await register(t.app, 'me-after-register@example.com', 'Grace');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.authorization });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ userData: session.userData });
  });

  it('creates a separate workspace for every registration', async () => {
    const a = await register(t.app, 'owner-a@example.com');
    const b = await register(t.app, 'owner-b@example.com');
    expect(a.userData.workspaceId).not.toBe(b.userData.workspaceId);
    expect(b.userData.userRole).toBe('admin');
  });

  it('stores the e-mail in lower case and trims the display name', async () => {
    const response = await post({ displayName: '  Mixed  ', email: ' MiXed@Example.COM ', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ userData: { email: 'mixed@example.com', displayName: 'Mixed' } });
  });

  it('refuses an e-mail that is already in use with 409', async () => {
    await register(t.app, 'taken@example.com');
    const response = await post({ displayName: 'Again', email: 'taken@example.com', password: TEST_PASSWORD });
    const body = expectErrorBody(response, 409, 'EMAIL_IN_USE');
    expect(body.error).toBe('This email is already in use.');
    expect(response.cookies).toHaveLength(0);
  });

  it('treats an e-mail in different case as the same address', async () => {
    await register(t.app, 'case@example.com');
    const response = await post({ displayName: 'Again', email: 'CASE@Example.com', password: TEST_PASSWORD });
    expect(expectErrorBody(response, 409, 'EMAIL_IN_USE').error).toBe('This email is already in use.');
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
  ])('asks for a name when the display name is %s', async (_, displayName) => {
    const response = await post({
      displayName,
      email: `blank-${displayName.length}@example.com`,
      password: TEST_PASSWORD,
    });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.error).toBe('Please enter your name.');
    expect(body.fields).toEqual([{ path: 'body.displayName', message: 'Please enter your name.' }]);
  });

  it('asks for a name when the display name is missing', async () => {
    const response = await post({ email: 'noname@example.com', password: TEST_PASSWORD });
    expect(expectErrorBody(response, 400, 'VALIDATION_FAILED').error).toBe('Please enter your name.');
  });

  it('refuses a password under 8 characters with a clear error', async () => {
    const response = await post({ displayName: 'Short', email: 'short@example.com', password: 'seven77' });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.error).toBe('The password must be at least 8 characters long.');
    expect(body.fields).toEqual([{ path: 'body.password', message: body.error }]);
  });

  it('accepts a password of exactly 8 characters', async () => {
    const response = await post({ displayName: 'Eight', email: 'eight@example.com', password: '12345678' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an invalid e-mail address with 400 naming the field', async () => {
    const response = await post({ displayName: 'Bad', email: 'not-an-email', password: TEST_PASSWORD });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.fields).toEqual([{ path: 'body.email', message: 'Please enter a valid e-mail address.' }]);
  });

  it('does not create the account when validation fails', async () => {
    await post({ displayName: '', email: 'never@example.com', password: TEST_PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'never@example.com', password: TEST_PASSWORD },
    });
    expect(login.json()).toEqual({ error: 'Email Or Password Invalid', code: 'INVALID_CREDENTIALS' });
  });
});
