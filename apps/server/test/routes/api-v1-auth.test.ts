import type { ApiKeysResponse, ApiTokenResponse, CreatedApiKeyResponse, Usage } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('authentication of /api/v1', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@v1-auth.example', 'Owner');
  });
  afterAll(() => t.close());

  const newKey = async (payload: object, who = admin) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: who.authorization, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKeyResponse>();
  };
  const usage = (bearer: string | undefined, remoteAddress?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/usage',
      headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const revoke = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/api-keys/${id}/revoke`, headers: admin.authorization });

  it('answers a key with its scope, with rate-limit headers and no workspace id', async () => {
    const { secret } = await newKey({ name: 'reader', scopes: ['usage:read'] });
    const response = await usage(secret);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Usage>()).toMatchObject({ planId: 'starter', used: 0 });
    expect(response.body).not.toContain(admin.userData.workspaceId);
    expect(response.headers['ratelimit-limit']).toBe('6000');
    expect(Number(response.headers['ratelimit-remaining'])).toBeLessThan(6000);
    expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it('tells a missing, malformed, unknown or revoked key apart (401) and refuses a missing scope (403)', async () => {
    expectErrorBody(await usage(undefined), 401, 'UNAUTHENTICATED');
    expectErrorBody(await usage('sk_live_short'), 401, 'API_KEY_INVALID');
    expectErrorBody(await usage(`sk_live_${'A'.repeat(43)}`), 401, 'API_KEY_INVALID');
    expectErrorBody(await usage('not.a.jwt'), 401, 'API_KEY_INVALID');
    // The browser's access token is not an API credential.
    expectErrorBody(await usage(admin.accessToken), 401, 'API_KEY_INVALID');

    const { apiKey, secret } = await newKey({ name: 'soon revoked', scopes: ['usage:read'] });
    expect((await usage(secret)).statusCode).toBe(200);
    await revoke(apiKey.id);
    // Cached a moment ago, refused at once by this process.
    expectErrorBody(await usage(secret), 401, 'API_KEY_REVOKED');

    const sender = await newKey({ name: 'sender', scopes: ['messages:send'] });
    const refused = expectErrorBody(await usage(sender.secret), 403, 'INSUFFICIENT_SCOPE');
    expect(refused.error).toContain('usage:read');
  });

  it('refuses a key past its expiry with API_KEY_EXPIRED', async () => {
    const { secret } = await newKey({
      name: 'short-lived',
      scopes: ['usage:read'],
      expiresAt: new Date(Date.now() + 3000).toISOString(),
    });
    await eventually(async () => (await usage(secret)).statusCode === 401, 'the key expired');
    expectErrorBody(await usage(secret), 401, 'API_KEY_EXPIRED');
  });

  it('accepts a key only from its allowed ranges (IPv4, IPv4 as IPv6, IPv6)', async () => {
    const { secret } = await newKey({
      name: 'office',
      scopes: ['usage:read'],
      allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
    });
    expect((await usage(secret, '203.0.113.9')).statusCode).toBe(200);
    expect((await usage(secret, '::ffff:203.0.113.10')).statusCode).toBe(200);
    expect((await usage(secret, '2001:db8::1')).statusCode).toBe(200);
    const refused = expectErrorBody(await usage(secret, '198.51.100.1'), 403, 'IP_NOT_ALLOWED');
    expect(refused.error).toContain('198.51.100.1');
    expectErrorBody(await usage(secret, '2001:db9::1'), 403, 'IP_NOT_ALLOWED');
  });

  it('notes the last use (time and address) without a write per request', async () => {
    const { apiKey, secret } = await newKey({ name: 'tracked', scopes: ['usage:read'] });
    for (let i = 0; i < 3; i++) expect((await usage(secret, '192.0.2.44')).statusCode).toBe(200);
    await eventually(async () => {
      const keys = (
        await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: admin.authorization })
      ).json<ApiKeysResponse>().apiKeys;
      const key = keys.find((k) => k.id === apiKey.id);
      return key?.lastUsedAt !== null && key?.lastUsedIp === '192.0.2.44';
    }, 'the key’s last use is listed');
  });

  describe('tokens made from a key', () => {
    const exchange = (bearer: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token',
        headers: { authorization: `Bearer ${bearer}` },
        ...(payload ? { payload } : {}),
      });

    it('carry the key’s scopes or a subset, work as bearer, and stop with the key', async () => {
      const { apiKey, secret } = await newKey({ name: 'app', scopes: ['usage:read', 'messages:send'] });
      const all = await exchange(secret);
      expect(all.statusCode, all.body).toBe(201);
      const token = all.json<ApiTokenResponse>();
      expect(token).toMatchObject({ tokenType: 'Bearer', scopes: ['usage:read', 'messages:send'] });
      expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(800_000);
      expect((await usage(token.accessToken)).statusCode).toBe(200);

      const narrow = (await exchange(secret, { scopes: ['messages:send'], ttlSeconds: 60 })).json<ApiTokenResponse>();
      expectErrorBody(await usage(narrow.accessToken), 403, 'INSUFFICIENT_SCOPE');
      expectErrorBody(await exchange(secret, { scopes: ['contacts:write'] }), 403, 'INSUFFICIENT_SCOPE');
      expectErrorBody(await exchange(secret, { ttlSeconds: 86_400 }), 400, 'VALIDATION_FAILED');
      expectErrorBody(await exchange(token.accessToken), 401, 'API_KEY_INVALID');
      // An API token is no session: the browser's API refuses it.
      expectErrorBody(
        await t.app.inject({
          method: 'GET',
          url: '/api/usage',
          headers: { authorization: `Bearer ${token.accessToken}` },
        }),
        401,
        'UNAUTHENTICATED',
      );

      await revoke(apiKey.id);
      expectErrorBody(await usage(token.accessToken), 401, 'API_KEY_REVOKED');
    });

    it('keep the key’s address rule', async () => {
      const { secret } = await newKey({ name: 'office app', scopes: ['usage:read'], allowedIps: ['203.0.113.0/24'] });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/token',
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: '203.0.113.5',
      });
      const { accessToken } = response.json<ApiTokenResponse>();
      expect((await usage(accessToken, '203.0.113.5')).statusCode).toBe(200);
      expectErrorBody(await usage(accessToken, '198.51.100.1'), 403, 'IP_NOT_ALLOWED');
    });
  });
});

describe('the per-key rate limit', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '3' });
    admin = await register(t.app, 'owner@v1-limit.example', 'Owner');
  });
  afterAll(() => t.close());

  it('counts each key on its own, with RateLimit headers, then 429 with Retry-After', async () => {
    const secretOf = async (name: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/api-keys',
          headers: admin.authorization,
          payload: { name, scopes: ['usage:read'] },
        })
      ).json<CreatedApiKeyResponse>().secret;
    const [first, second] = [await secretOf('one'), await secretOf('two')];
    const call = (secret: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/usage', headers: { authorization: `Bearer ${secret}` } });

    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(first);
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call(first);
    expectErrorBody(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect((await call(second)).statusCode).toBe(200);
  });
});
