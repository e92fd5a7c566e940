import type { CreatedApiKeyResponse } from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';

// Two instances behind a load balancer: two apps on one PostgreSQL database. Their limits are
// one limit (the counters live in the database). The embedded database is always one process,
// whose in-memory counters the other rate-limit tests cover.
describe.skipIf(!process.env.DATABASE_URL)('rate limits across two instances on one PostgreSQL', () => {
  const LIMIT = 4;
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT), API_RATE_LIMIT: String(LIMIT) });
    other = await buildApp(t.config, { database: t.app.database });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  /** Requests alternate between the instances, as a round-robin balancer sends them. */
  const instance = (i: number) => (i % 2 === 0 ? t.app : other);

  it('answers 429 to the address at the per-IP limit, whichever instance its requests reach', async () => {
    const attempt = (i: number, remoteAddress = '198.51.100.4') =>
      instance(i).inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: `nobody-${i}@example.com`, password: 'x' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await attempt(i)).statusCode).not.toBe(429);
    expectErrorBody(await attempt(LIMIT), 429, 'RATE_LIMITED');
    expectErrorBody(await attempt(LIMIT + 1), 429, 'RATE_LIMITED');
    // Another address has its own count; so has another limited route (registration).
    expect((await attempt(0, '198.51.100.5')).statusCode).not.toBe(429);
    const registered = await other.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '198.51.100.4',
      payload: { displayName: 'Owner', email: 'owner@limit-pair.example', password: 'correct-horse-battery' },
    });
    expect(registered.statusCode).toBe(200);
  });

  it('counts an API key once across instances (RateLimit headers from the shared count)', async () => {
    const admin = await register(t.app, 'owner@key-limit-pair.example', 'Owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.authorization,
      payload: { name: 'pair', scopes: ['usage:read'] },
    });
    const { secret } = created.json<CreatedApiKeyResponse>();
    const call = (i: number) =>
      instance(i).inject({ method: 'GET', url: '/api/v1/usage', headers: { authorization: `Bearer ${secret}` } });

    const remaining: string[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await call(i);
      expect(response.statusCode, response.body).toBe(200);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const limited = await call(LIMIT);
    expectErrorBody(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
