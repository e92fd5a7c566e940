import type { Network, NetworkResponse, NetworksResponse } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networks } from '../../src/db/schema/index.js';
import { createSecretBox } from '../../src/lib/secret-box.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const smppBody = {
  kind: 'smpp',
  name: 'Aggregator',
  address: 'SWITCHBRD',
  throughput: 50,
  settings: { host: '127.0.0.1', port: 1, systemId: 'acme', password: 'pa55w0rd' },
};
const httpBody = {
  kind: 'http',
  name: 'Twilio',
  address: '+14155550100',
  settings: { accountSid: 'AC0123456789', authToken: 'super-secret-auth-token-1234' },
};

describe('/api/networks', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sb.example.com' });
    admin = await register(t.app, 'owner@networks.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@networks.example', 'editor');
    editor = await login(t.app, 'editor@networks.example');
    stranger = await register(t.app, 'owner@other-networks.example', 'Stranger');
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.authorization, ...(payload ? { payload } : {}) });
  const create = async (payload: object) => {
    const response = await call(admin, 'POST', '/api/networks', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<NetworkResponse>();
  };

  it('gives every new workspace a connected sandbox network', async () => {
    const response = await call(admin, 'GET', '/api/networks');
    expect(response.statusCode).toBe(200);
    const [sandbox] = response.json<NetworksResponse>().networks;
    expect(sandbox).toMatchObject({ kind: 'sandbox', status: 'connected', enabled: true, name: 'Sandbox' });
    expect(sandbox!.stats).toEqual({ inToday: 0, outToday: 0 });
  });

  it('stores SMPP and HTTP secrets sealed and never answers them whole', async () => {
    const smpp = await create(smppBody);
    const http = await create(httpBody);
    expect(smpp.network.settings).toMatchObject({
      host: '127.0.0.1',
      systemId: 'acme',
      password: '••••••••',
      windowSize: 10,
    });
    expect(http.network.settings).toMatchObject({
      accountSid: 'AC0123456789',
      authToken: '••••••••1234',
      apiBaseUrl: 'https://api.twilio.com',
      smsWebhookUrl: `https://sb.example.com/hooks/twilio/${http.network.id}/sms`,
    });
    const list = (await call(admin, 'GET', '/api/networks')).body;
    expect(list).not.toContain('pa55w0rd');
    expect(list).not.toContain('super-secret-auth-token-1234');
    const [row] = await t.app.database.db.select().from(networks).where(eq(networks.id, http.network.id));
    expect(row!.secrets).toMatch(/^v1\./);
    expect(row!.secrets).not.toContain('super-secret');
    expect(JSON.stringify(row!.settings)).not.toContain('super-secret');
    // The channel side gets the secret back.
    const runtime = await t.app.services.networks.runtime(http.network.id);
    expect(runtime!.settings.authToken).toBe('super-secret-auth-token-1234');
  });

  it('lists a network whose secrets were sealed under another key, and logs why they are missing', async () => {
    const { network } = await create({ ...httpBody, name: 'Sealed elsewhere' });
    const other = createSecretBox('another-secrets-key-that-is-at-least-32-chars');
    await t.app.database.db
      .update(networks)
      .set({ secrets: other.sealJson({ authToken: 'written-by-another-key' }) })
      .where(eq(networks.id, network.id));
    const list = await call(admin, 'GET', '/api/networks');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<NetworksResponse>().networks.find((n) => n.id === network.id);
    expect(listed?.settings).toMatchObject({ accountSid: 'AC0123456789' });
    expect((await call(admin, 'GET', `/api/networks/${network.id}`)).statusCode).toBe(200);
    const logs = await call(admin, 'GET', `/api/networks/${network.id}/logs`);
    expect(logs.body).toContain('cannot be opened');
    // Entering the secret again seals it with this server's key.
    const fixed = await call(admin, 'PATCH', `/api/networks/${network.id}`, {
      settings: { authToken: 'new-token-9876' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const runtime = await t.app.services.networks.runtime(network.id);
    expect(runtime!.settings.authToken).toBe('new-token-9876');
  });

  it('shows an Android registration token once, with the URL to type into the app', async () => {
    const { network, registration } = await create({ kind: 'android', name: 'Front desk phone' });
    expect(registration).toEqual({ serverUrl: 'https://sb.example.com/api/mobile/v1', token: expect.any(String) });
    expect(network.status).toBe('disconnected');
    expect(network.settings).toMatchObject({ httpsWarning: false, device: null });
    const again = (await call(admin, 'GET', `/api/networks/${network.id}`)).json<NetworkResponse>();
    expect(again.registration).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(registration!.token);
    expect((again.network.settings as { registrationToken: string }).registrationToken).toBe(
      `••••••••${registration!.token.slice(-4)}`,
    );
    const rotated = await call(admin, 'POST', `/api/networks/${network.id}/registration-token`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<NetworkResponse>().registration!.token).not.toBe(registration!.token);
  });

  it('refuses a registration token for other kinds', async () => {
    const { network } = await create(smppBody);
    expectErrorBody(
      await call(admin, 'POST', `/api/networks/${network.id}/registration-token`),
      409,
      'WRONG_NETWORK_KIND',
    );
  });

  it('validates each kind’s settings, naming the fields', async () => {
    const bad = await call(admin, 'POST', '/api/networks', {
      ...smppBody,
      settings: { ...smppBody.settings, port: 70000 },
    });
    const body = expectErrorBody(bad, 400, 'VALIDATION_FAILED');
    expect(body.fields?.map((f) => f.path)).toContain('body.settings.port');
    expectErrorBody(await call(admin, 'POST', '/api/networks', { kind: 'fax', name: 'x' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call(admin, 'POST', '/api/networks', { kind: 'http', name: 'x' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await call(admin, 'POST', '/api/networks', {
        ...smppBody,
        settings: { ...smppBody.settings, password: 'longer-than-8' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('edits a network, keeps a secret that is not sent again, and replaces one that is', async () => {
    const { network } = await create(httpBody);
    const renamed = await call(admin, 'PATCH', `/api/networks/${network.id}`, {
      name: 'Main line',
      throughput: 5,
      settings: { accountSid: 'AC999' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<NetworkResponse>().network).toMatchObject({ name: 'Main line', throughput: 5 });
    expect((await t.app.services.networks.runtime(network.id))!.settings).toMatchObject({
      accountSid: 'AC999',
      authToken: 'super-secret-auth-token-1234',
    });
    await call(admin, 'PATCH', `/api/networks/${network.id}`, { settings: { authToken: 'rotated-token-abcd' } });
    expect((await t.app.services.networks.runtime(network.id))!.settings.authToken).toBe('rotated-token-abcd');
    expectErrorBody(
      await call(admin, 'PATCH', `/api/networks/${network.id}`, { settings: { apiBaseUrl: 'not a url' } }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('changes only the settings a patch names, and only those of the network’s kind', async () => {
    const http = await create({
      ...httpBody,
      settings: { ...httpBody.settings, apiBaseUrl: 'https://api.example-provider.com' },
    });
    await call(admin, 'PATCH', `/api/networks/${http.network.id}`, { settings: { authToken: 'new-token-5678' } });
    expect((await t.app.services.networks.runtime(http.network.id))!.settings).toMatchObject({
      apiBaseUrl: 'https://api.example-provider.com',
      authToken: 'new-token-5678',
    });
    const smpp = await create({ ...smppBody, settings: { ...smppBody.settings, windowSize: 42, systemType: 'VMA' } });
    await call(admin, 'PATCH', `/api/networks/${smpp.network.id}`, { settings: { password: 'n3w' } });
    expect((await t.app.services.networks.runtime(smpp.network.id))!.settings).toMatchObject({
      windowSize: 42,
      systemType: 'VMA',
      password: 'n3w',
    });
    const wrongKind = await call(admin, 'PATCH', `/api/networks/${smpp.network.id}`, {
      settings: { authToken: 'leak' },
    });
    expectErrorBody(wrongKind, 400, 'VALIDATION_FAILED');
    const [row] = await t.app.database.db.select().from(networks).where(eq(networks.id, smpp.network.id));
    expect(JSON.stringify(row!.settings)).not.toContain('leak');
  });

  it('shows a disabled network as disconnected', async () => {
    const { network } = await create(smppBody);
    const response = await call(admin, 'PATCH', `/api/networks/${network.id}`, { enabled: false });
    expect(response.json<NetworkResponse>().network).toMatchObject({ enabled: false, status: 'disconnected' });
  });

  it('keeps networks to their workspace and their admins', async () => {
    const { network } = await create(httpBody);
    for (const [method, url] of [
      ['GET', `/api/networks/${network.id}`],
      ['PATCH', `/api/networks/${network.id}`],
      ['DELETE', `/api/networks/${network.id}`],
      ['GET', `/api/networks/${network.id}/logs`],
      ['POST', `/api/networks/${network.id}/test-connection`],
    ] as const) {
      expectErrorBody(
        await call(stranger, method, url, method === 'PATCH' ? { name: 'x' } : undefined),
        404,
        'NOT_FOUND',
      );
      expectErrorBody(
        await call(editor, method, url, method === 'PATCH' ? { name: 'x' } : undefined),
        403,
        'FORBIDDEN',
      );
    }
    const theirs = (await call(stranger, 'GET', '/api/networks')).json<NetworksResponse>().networks;
    expect(theirs.map((n: Network) => n.id)).not.toContain(network.id);
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/networks' }), 401, 'UNAUTHENTICATED');
    expectErrorBody(await call(admin, 'GET', '/api/networks/not-a-uuid'), 400, 'VALIDATION_FAILED');
  });

  it('deletes a network with its conversations', async () => {
    const { network } = await create(smppBody);
    const deleted = await call(admin, 'DELETE', `/api/networks/${network.id}`);
    expect(deleted.statusCode).toBe(204);
    expectErrorBody(await call(admin, 'GET', `/api/networks/${network.id}`), 404, 'NOT_FOUND');
    expectErrorBody(await call(admin, 'DELETE', `/api/networks/${network.id}`), 404, 'NOT_FOUND');
  });

  it('tests a sandbox draft as always reachable', async () => {
    const response = await call(admin, 'POST', '/api/networks/test-connection', { kind: 'sandbox', name: 'Try' });
    expect(response.json()).toEqual({ ok: true, error: null });
  });
});
