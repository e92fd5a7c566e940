import type { ApiKeysResponse, CreatedApiKeyResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('the API key routes', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'keys'));
  });
  afterAll(() => t.close());

  const create = (who: SignedIn, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/api-keys', headers: who.authorization, payload });
  const list = (who: SignedIn) => t.app.inject({ method: 'GET', url: '/api/api-keys', headers: who.authorization });

  it('creates a key whose secret is shown once and listed by its prefix only', async () => {
    const created = await create(admin, {
      name: 'CRM sync',
      scopes: ['messages:send', 'usage:read'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      allowedIps: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, secret } = created.json<CreatedApiKeyResponse>();
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'CRM sync',
      prefix: secret.slice(0, 16),
      scopes: ['messages:send', 'usage:read'],
      allowedIps: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
      expiresAt: '2099-01-01T00:00:00.000Z',
      createdBy: { id: admin.userData.id, displayName: 'Owner' },
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await list(admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<ApiKeysResponse>().apiKeys.map((k) => k.id)).toContain(apiKey.id);
    expect(listed.body).not.toContain(secret);
    expect(listed.body).not.toMatch(/secret|hash/i);
  });

  it('refuses bad input with 400 VALIDATION_FAILED', async () => {
    for (const payload of [
      { name: '', scopes: ['messages:send'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['messages:delete'] },
      { name: 'x', scopes: ['usage:read', 'usage:read'] },
      { name: 'x', scopes: ['usage:read'], expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'x', scopes: ['usage:read'], expiresAt: 'tomorrow' },
      { name: 'x', scopes: ['usage:read'], allowedIps: ['10.0.0.0/33'] },
      { name: 'x', scopes: ['usage:read'], allowedIps: ['example.com'] },
    ]) {
      expectErrorBody(await create(admin, payload), 400, 'VALIDATION_FAILED');
    }
  });

  it('revokes a key once, keeping it in the list', async () => {
    const { apiKey } = (await create(admin, { name: 'old', scopes: ['usage:read'] })).json<CreatedApiKeyResponse>();
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${apiKey.id}/revoke`,
      headers: admin.authorization,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const revokedAt = revoked.json<{ apiKey: { revokedAt: string } }>().apiKey.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${apiKey.id}/revoke`,
      headers: admin.authorization,
    });
    expect(again.json<{ apiKey: { revokedAt: string } }>().apiKey.revokedAt).toBe(revokedAt);
    const listed = list(admin).then((r) => r.json<ApiKeysResponse>().apiKeys.find((k) => k.id === apiKey.id));
    expect((await listed)?.revokedAt).toBe(revokedAt);
  });

  it('is for admins only and keeps keys to their workspace', async () => {
    const { apiKey } = (await create(admin, { name: 'mine', scopes: ['usage:read'] })).json<CreatedApiKeyResponse>();
    expectErrorBody(await list(editor), 403, 'FORBIDDEN');
    expectErrorBody(await create(editor, { name: 'x', scopes: ['usage:read'] }), 403, 'FORBIDDEN');
    expectErrorBody(
      await t.app.inject({ method: 'POST', url: `/api/api-keys/${apiKey.id}/revoke`, headers: editor.authorization }),
      403,
      'FORBIDDEN',
    );
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/api-keys' }), 401, 'UNAUTHENTICATED');
    expect((await list(stranger)).json<ApiKeysResponse>().apiKeys.map((k) => k.id)).not.toContain(apiKey.id);
    expectErrorBody(
      await t.app.inject({
        method: 'POST',
        url: `/api/api-keys/${apiKey.id}/revoke`,
        headers: stranger.authorization,
      }),
      404,
      'NOT_FOUND',
    );
    const mine = (await list(admin)).json<ApiKeysResponse>().apiKeys.find((k) => k.id === apiKey.id);
    expect(mine?.revokedAt).toBeNull();
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.paths['/api/api-keys']).toHaveProperty('get');
    expect(doc.paths['/api/api-keys']).toHaveProperty('post');
    expect(doc.paths['/api/api-keys/{id}/revoke']).toHaveProperty('post');
  });
});
