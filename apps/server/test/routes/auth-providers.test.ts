import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';

describe('GET /api/auth/providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is public and lists no provider until one is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ providers: [] });
  });

  it('answers the same to a signed-in caller', async () => {
    const user = await register(t.app, 'providers@example.com');
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: user.authorization });
    expect(response.json()).toEqual({ providers: [] });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/providers', '/api/members', '/api/members/{id}', '/api/me/preferences']),
    );
  });
});
