import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const MiB = 1024 * 1024;

describe('error answers', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'errors@example.com');
  });
  afterAll(() => t.close());

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_TYPE,
      payload: '{"email": "a@b.co", "password":',
    });
    expectErrorBody(response, 400, 'MALFORMED_JSON');
  });

  it('answers an empty body declared as JSON with 400 MALFORMED_JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: JSON_TYPE, payload: '' });
    expectErrorBody(response, 400, 'MALFORMED_JSON');
  });

  it('refuses a prototype-poisoning body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_TYPE,
      payload: '{"__proto__": {"isAdmin": true}, "email": "a@b.co", "password": "x"}',
    });
    expectErrorBody(response, 400, 'MALFORMED_JSON');
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'Big', email: 'big@example.com', password: 'x'.repeat(MiB) },
    });
    expectErrorBody(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('accepts a body just under 1 MiB (the limit is not lower)', async () => {
    const payload = { payload: { notes: 'x'.repeat(MiB - 1000) } };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/new_user',
      headers: admin.authorization,
      payload,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'answers a %s body on a JSON route with 415',
    async (contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.co&password=x',
      });
      expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)(
    'answers %s on an unknown /api path with a JSON 404',
    async (method) => {
      const response = await t.app.inject({
        method,
        url: '/api/no/such/thing?x=1',
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { a: 1 } }),
      });
      const body = expectErrorBody(response, 404, 'NOT_FOUND');
      expect(body.error).toContain('/api/no/such/thing');
      expect(response.body).not.toMatch(/<html|<!doctype/i);
    },
  );

  it('answers a wrong method on a known path with a JSON 404', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/auth/login' }), 404, 'NOT_FOUND');
  });

  it('answers a schema violation with 400 and the failing fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { displayName: 'Fields', email: 'nope', password: 'short' },
    });
    const body = expectErrorBody(response, 400, 'VALIDATION_FAILED');
    expect(body.fields?.map((f) => f.path).sort()).toEqual(['body.email', 'body.password']);
  });

  it('answers 401 UNAUTHENTICATED to a guarded route without a token', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/auth/me' }), 401, 'UNAUTHENTICATED');
  });

  describe('hostile requests never produce a 500 or a stack trace', () => {
    const hostile: Array<[string, InjectOptions]> = [
      ['a malformed URL', { method: 'GET', url: '/api/%E0%A4%A' }],
      ['a malformed URL outside /api', { method: 'GET', url: '/%E0%A4%A' }],
      ['a JSON null body', { method: 'POST', url: '/api/auth/login', headers: JSON_TYPE, payload: 'null' }],
      ['a JSON array body', { method: 'POST', url: '/api/auth/login', headers: JSON_TYPE, payload: '[1,2]' }],
      ['a JSON string body', { method: 'POST', url: '/api/auth/login', headers: JSON_TYPE, payload: '"x"' }],
      ['wrong field types', { method: 'POST', url: '/api/auth/login', payload: { email: 1, password: [] } }],
      [
        'a NUL character in a name',
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: { displayName: 'nul\u0000name', email: 'nul@example.com', password: 'long-enough' },
        },
      ],
      [
        'an unknown gzip body',
        {
          method: 'POST',
          url: '/api/auth/login',
          headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
          payload: '{}',
        },
      ],
      [
        'a huge bearer token',
        { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${'a'.repeat(50_000)}` } },
      ],
      [
        'a garbage refresh cookie',
        { method: 'POST', url: '/api/auth/refresh-token', headers: { cookie: 'sb_refresh=%E0%A4%A"' } },
      ],
      [
        'a garbage reset token',
        { method: 'POST', url: '/api/auth/reset-password', payload: { token: '\u0000', password: 'long-enough' } },
      ],
    ];

    it.each(hostile)('%s', async (_, request) => {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expectErrorBody(response, response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    });

    it('a NUL character in stored JSON details', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/new_user',
        headers: admin.authorization,
        payload: { payload: { company: 'Nul\u0000Corp', ['key\u0000']: 'x' } },
      });
      expectErrorBody(response, 400, 'VALIDATION_FAILED');
    });

    it('a deeply nested JSON body', async () => {
      const depth = 10_000;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/new_user',
        headers: { ...JSON_TYPE, ...admin.authorization },
        payload: `{"payload":{"deep":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
      });
      expectErrorBody(response, 400, 'VALIDATION_FAILED');
    });
  });
});

describe('unknown /api paths next to the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'switchboard-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body>SPA</body></html>');
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for a page path but a JSON 404 for an unknown /api path', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboards/default' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SPA');
    for (const url of ['/api/nope', '/api/auth/nope', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectErrorBody(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('SPA');
    }
  });
});
