import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoleInstanceBus } from '../../src/cluster/cluster-bus.js';
import { apiKeys, smsgateRevokedTokens } from '../../src/db/schema/index.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

/**
 * API keys and SMSGate tokens are checked from memory; a revocation made on another instance
 * (written here behind the service's back, as that instance would) takes effect with its notice,
 * simulated as if that instance had sent it.
 */
describe('credential caches and the notices of other instances', () => {
  const bus = createSoleInstanceBus();
  const ip = '192.0.2.7';
  let t: TestServices;
  let workspaceId: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestServices({ start: false, bus });
    ({ workspaceId, userId } = await t.workspace());
  });
  afterAll(() => t?.close());

  const newKey = () =>
    t.services.developerApi.keys.create(workspaceId, userId, { name: 'k', scopes: ['usage:read'], allowedIps: [] });

  it('refuses an API key revoked elsewhere once its api-keys.changed notice arrives', async () => {
    const { apiKey, secret } = await newKey();
    const api = t.services.developerApi;
    expect(await api.authenticate(secret, ip)).toMatchObject({ keyId: apiKey.id });
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, apiKey.id));
    expect(await api.authenticate(secret, ip)).toMatchObject({ keyId: apiKey.id }); // from memory

    bus.simulate('api-keys.changed', { keyId: apiKey.id });
    await expect(api.authenticate(secret, ip)).rejects.toMatchObject({ code: 'API_KEY_REVOKED' });
  });

  it('refuses an API key revoked here at once', async () => {
    const { apiKey, secret } = await newKey();
    await t.services.developerApi.authenticate(secret, ip);
    await t.services.developerApi.keys.revoke(workspaceId, apiKey.id);
    await expect(t.services.developerApi.authenticate(secret, ip)).rejects.toMatchObject({ code: 'API_KEY_REVOKED' });
  });

  it('refuses an SMSGate token revoked elsewhere once its smsgate-tokens.revoked notice arrives', async () => {
    const { apiKey } = await newKey();
    const tokens = t.services.smsgateApi.tokens;
    const pair = await tokens.issue({ keyId: apiKey.id, workspaceId, scopes: ['messages:send'] }, 600);
    expect(await tokens.verifyAccess(pair.accessToken)).toMatchObject({ jti: pair.jti });
    await t.db
      .insert(smsgateRevokedTokens)
      .values({ jti: pair.jti, workspaceId, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(await tokens.verifyAccess(pair.accessToken)).toMatchObject({ jti: pair.jti }); // from memory

    bus.simulate('smsgate-tokens.revoked', { jti: pair.jti });
    expect(await tokens.verifyAccess(pair.accessToken)).toBeNull();
    expect(await tokens.verifyRefresh(pair.refreshToken)).toBeNull();
  });
});
