import type { Network, NetworkResponse, NetworksResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  // The rules (sealed secrets, keys, tokens shown once, settings patches, disabling, deleting)
  // are tested in test/services/networks.test.ts; here: what the routes answer.
  it('answers the networks with 200 and a new one with 201, never with a whole secret', async () => {
    const response = await call(admin, 'GET', '/api/networks');
    expect(response.statusCode).toBe(200);
    expect(response.json<NetworksResponse>().networks[0]).toMatchObject({ kind: 'sandbox', status: 'connected' });
    const http = await create(httpBody);
    expect(http.network.settings).toMatchObject({ authToken: '••••••••1234' });
    const list = (await call(admin, 'GET', '/api/networks')).body;
    expect(list).not.toContain('super-secret-auth-token-1234');
    const one = await call(admin, 'GET', `/api/networks/${http.network.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain('super-secret-auth-token-1234');
  });

  it('answers an Android registration token on creation and rotation only', async () => {
    const { registration, network } = await create({ kind: 'android', name: 'Front desk phone' });
    expect(registration).toEqual({ serverUrl: 'https://sb.example.com/api/mobile/v1', token: expect.any(String) });
    const again = (await call(admin, 'GET', `/api/networks/${network.id}`)).json<NetworkResponse>();
    expect(again.registration).toBeUndefined();
    expect(JSON.stringify(again)).not.toContain(registration!.token);
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

  it('answers a patch with the network, and 400 naming the field to settings it cannot have', async () => {
    const { network } = await create(httpBody);
    const renamed = await call(admin, 'PATCH', `/api/networks/${network.id}`, { name: 'Main line', throughput: 5 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<NetworkResponse>().network).toMatchObject({ name: 'Main line', throughput: 5 });
    const notUrl = await call(admin, 'PATCH', `/api/networks/${network.id}`, { settings: { apiBaseUrl: 'not a url' } });
    const body = expectErrorBody(notUrl, 400, 'VALIDATION_FAILED');
    expect(body.fields?.map((f) => f.path)).toContain('body.settings.apiBaseUrl');
    const smpp = await create(smppBody);
    expectErrorBody(
      await call(admin, 'PATCH', `/api/networks/${smpp.network.id}`, { settings: { authToken: 'leak' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(
      await call(admin, 'PATCH', `/api/networks/${network.id}`, { throughput: 0 }),
      400,
      'VALIDATION_FAILED',
    );
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

  it('answers a deletion with 204, then 404', async () => {
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
