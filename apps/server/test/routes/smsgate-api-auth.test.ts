import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/expectations.js';
import {
  basicHeader,
  createSmsgateTestBed,
  expectSmsgateError,
  type SmsgateKey,
  type SmsgateTestBed,
} from '../helpers/smsgate-api.js';

interface TokenPair {
  id: string;
  token_type: string;
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

describe('/api/3rdparty/v1 authentication: Basic credentials of a key and SMSGate tokens', () => {
  let bed: SmsgateTestBed;
  let key: SmsgateKey;
  beforeAll(async () => {
    bed = await createSmsgateTestBed('smsgate-auth');
    key = await bed.newKey(bed.admin, ['messages:send', 'messages:read']);
  });
  afterAll(() => bed.close());

  const token = async (authorization: string, scopes: string[], ttl?: number) =>
    bed.call(authorization, 'POST', '/auth/token', { scopes, ...(ttl && { ttl }) });

  it('gives every new key SMSGate-style Basic credentials, shown once', () => {
    expect(key.username).toMatch(/^[A-Z0-9]{6}$/);
    expect(key.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('accepts the key’s Basic credentials and refuses wrong, unknown or missing ones with 401 {message}', async () => {
    expect((await bed.call(key.basic, 'GET', '/messages')).statusCode).toBe(200);
    expectSmsgateError(await bed.call(basicHeader(key.username, 'wrong'), 'GET', '/messages'), 401, 'API_KEY_INVALID');
    expectSmsgateError(await bed.call(basicHeader('NOBODY', key.password), 'GET', '/messages'), 401, 'API_KEY_INVALID');
    expectSmsgateError(await bed.call(basicHeader(key.username, ''), 'GET', '/messages'), 401);
    const missing = await bed.call(null, 'GET', '/messages');
    expectSmsgateError(missing, 401, 'UNAUTHENTICATED');
    expect(missing.headers['www-authenticate']).toMatch(/^Basic /);
    expectSmsgateError(await bed.call('Basic !!!', 'GET', '/messages'), 401);
    expectSmsgateError(await bed.call(`Bearer ${key.secret}`, 'GET', '/messages'), 401, 'API_KEY_INVALID');
  });

  it('stops a revoked key’s Basic credentials and tokens at once', async () => {
    const doomed = await bed.newKey(bed.admin, ['messages:read']);
    const pair = (await token(doomed.basic, ['messages:list'])).json<TokenPair>();
    expect((await bed.call(`Bearer ${pair.access_token}`, 'GET', '/messages')).statusCode).toBe(200);
    const revoked = await bed.t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${doomed.id}/revoke`,
      headers: bed.admin.authorization,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectSmsgateError(await bed.call(doomed.basic, 'GET', '/messages'), 401, 'API_KEY_REVOKED');
    expectSmsgateError(await bed.call(`Bearer ${pair.access_token}`, 'GET', '/messages'), 401, 'API_KEY_REVOKED');
  });

  it('holds Basic credentials to the key’s expiry and allowed addresses', async () => {
    const soon = await bed.newKey(bed.admin, ['messages:read'], {
      expiresAt: new Date(Date.now() + 3000).toISOString(),
    });
    await eventually(
      async () => (await bed.call(soon.basic, 'GET', '/messages')).statusCode === 401,
      'the key expired',
    );
    expectSmsgateError(await bed.call(soon.basic, 'GET', '/messages'), 401, 'API_KEY_EXPIRED');
    const office = await bed.newKey(bed.admin, ['messages:read'], { allowedIps: ['203.0.113.0/24'] });
    expect((await bed.call(office.basic, 'GET', '/messages', undefined, '203.0.113.9')).statusCode).toBe(200);
    expectSmsgateError(
      await bed.call(office.basic, 'GET', '/messages', undefined, '198.51.100.1'),
      403,
      'IP_NOT_ALLOWED',
    );
  });

  it('gives a working key new Basic credentials on an admin’s request; the old ones stop at once', async () => {
    const renewed = await bed.newKey(bed.admin, ['messages:read']);
    const issue = (id: string, who = bed.admin) =>
      bed.t.app.inject({ method: 'POST', url: `/api/api-keys/${id}/basic-auth`, headers: who.authorization });
    expect((await bed.call(renewed.basic, 'GET', '/messages')).statusCode).toBe(200);
    const answer = await issue(renewed.id);
    expect(answer.statusCode, answer.body).toBe(201);
    const { basicAuth, apiKey } = answer.json<{
      basicAuth: { username: string; password: string };
      apiKey: { id: string };
    }>();
    expect(apiKey.id).toBe(renewed.id);
    expect(basicAuth.username).toMatch(/^[A-Z0-9]{6}$/);
    expect(basicAuth.password).not.toBe(renewed.password);
    expectSmsgateError(await bed.call(renewed.basic, 'GET', '/messages'), 401, 'API_KEY_INVALID');
    expect((await bed.call(basicHeader(basicAuth.username, basicAuth.password), 'GET', '/messages')).statusCode).toBe(
      200,
    );
    // The key's secret is unchanged.
    const v1 = await bed.t.app.inject({
      method: 'GET',
      url: '/api/v1/messages',
      headers: { authorization: `Bearer ${renewed.secret}` },
    });
    expect(v1.statusCode).toBe(200);

    expect((await issue(renewed.id, bed.stranger)).statusCode).toBe(404);
    await bed.t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${renewed.id}/revoke`,
      headers: bed.admin.authorization,
    });
    expect((await issue(renewed.id)).statusCode).toBe(400);
  });

  it('maps the key’s scopes onto SMSGate’s: 403 {"message":"scope required: <scope>"}', async () => {
    const reader = await bed.newKey(bed.admin, ['messages:read']);
    const refused = await bed.call(reader.basic, 'POST', '/message', { message: 'hi', phoneNumbers: ['+12025550123'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'scope required: messages:send', code: 'INSUFFICIENT_SCOPE' });
    expect((await bed.call(reader.basic, 'GET', '/devices')).statusCode).toBe(200);
    expectSmsgateError(await bed.call(reader.basic, 'GET', '/settings'), 403, 'INSUFFICIENT_SCOPE');
    const sender = await bed.newKey(bed.admin, ['messages:send']);
    expect((await bed.call(sender.basic, 'GET', '/messages')).json()).toMatchObject({
      message: 'scope required: messages:list',
    });
  });

  it('makes tokens with a subset of the caller’s scopes; a token’s scopes are all it may do', async () => {
    const created = await token(key.basic, ['messages:read', 'messages:list'], 600);
    expect(created.statusCode, created.body).toBe(201);
    const pair = created.json<TokenPair>();
    expect(pair).toEqual({
      id: expect.any(String) as string,
      token_type: 'Bearer',
      access_token: expect.stringMatching(/^ey/) as string,
      refresh_token: expect.stringMatching(/^ey/) as string,
      expires_at: expect.any(String) as string,
    });
    const expiresIn = Date.parse(pair.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    const bearer = `Bearer ${pair.access_token}`;
    expect((await bed.call(bearer, 'GET', '/messages')).statusCode).toBe(200);
    expect(
      (await bed.call(bearer, 'POST', '/message', { message: 'hi', phoneNumbers: ['+12025550123'] })).json(),
    ).toMatchObject({ message: 'scope required: messages:send' });
    expect((await token(bearer, ['messages:read'])).json()).toMatchObject({ message: 'scope required: tokens:manage' });
    expect((await token(key.basic, ['webhooks:write'])).json()).toMatchObject({
      message: 'scope required: webhooks:write',
    });
    expectSmsgateError(await token(key.basic, ['everything']), 400, 'VALIDATION_FAILED');
    expectSmsgateError(await bed.call(`Bearer ${pair.refresh_token}`, 'GET', '/messages'), 401);
  });

  it('revokes a token and its refresh token by id (204), and refreshes a pair once', async () => {
    const pair = (await token(key.basic, ['messages:list', 'tokens:manage'])).json<TokenPair>();
    const refreshed = await bed.call(`Bearer ${pair.refresh_token}`, 'POST', '/auth/token/refresh');
    expect(refreshed.statusCode, refreshed.body).toBe(201);
    const next = refreshed.json<TokenPair>();
    expect(next.id).not.toBe(pair.id);
    expectSmsgateError(await bed.call(`Bearer ${pair.access_token}`, 'GET', '/messages'), 401, 'API_KEY_INVALID');
    expectSmsgateError(await bed.call(`Bearer ${pair.refresh_token}`, 'POST', '/auth/token/refresh'), 401);
    expectSmsgateError(await bed.call(`Bearer ${next.access_token}`, 'POST', '/auth/token/refresh'), 401);

    const bearer = `Bearer ${next.access_token}`;
    expect((await bed.call(bearer, 'GET', '/messages')).statusCode).toBe(200);
    const revoked = await bed.call(key.basic, 'DELETE', `/auth/token/${next.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    expectSmsgateError(await bed.call(bearer, 'GET', '/messages'), 401, 'API_KEY_INVALID');
    expectSmsgateError(await bed.call(`Bearer ${next.refresh_token}`, 'POST', '/auth/token/refresh'), 401);
  });

  it('answers unknown paths under the API in its error shape', async () => {
    expectSmsgateError(await bed.call(key.basic, 'GET', '/nothing-here'), 404, 'NOT_FOUND');
  });
});

describe('/api/3rdparty/v1 rate limit', () => {
  let bed: SmsgateTestBed;
  beforeAll(async () => {
    bed = await createSmsgateTestBed('smsgate-limit', { API_RATE_LIMIT: '3' });
  });
  afterAll(() => bed.close());

  it('counts each key on its own (its tokens included), with RateLimit headers, then 429 with Retry-After', async () => {
    const [first, second] = [
      await bed.newKey(bed.admin, ['messages:read']),
      await bed.newKey(bed.admin, ['messages:read']),
    ];
    const remaining: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await bed.call(first.basic, 'GET', '/messages');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    const minted = await bed.call(first.basic, 'POST', '/auth/token', { scopes: ['messages:list'] });
    remaining.push(String(minted.headers['ratelimit-remaining']));
    const pair = minted.json<TokenPair>();
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await bed.call(`Bearer ${pair.access_token}`, 'GET', '/messages');
    expectSmsgateError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bed.call(second.basic, 'GET', '/messages')).statusCode).toBe(200);
    // Health needs no key and counts against none.
    expect((await bed.call(null, 'GET', '/health')).statusCode).toBe(200);
  });
});
