import type { CreatedApiKeyResponse, SmsgateWebhook, WebhooksResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicHeader, expectSmsgateError, SMSGATE_BASE } from '../helpers/smsgate-api.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('/api/3rdparty/v1/webhooks (SMSGate-format webhooks)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let basic: string;
  let strangerBasic: string;
  let phoneId: string;
  let strangerPhoneId: string;

  async function basicOf(who: SignedIn, scopes: string[]): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: who.authorization,
      payload: { name: 'SMSGate client', scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { basicAuth } = response.json<CreatedApiKeyResponse>();
    return basicHeader(basicAuth.username, basicAuth.password);
  }
  async function phoneOf(who: SignedIn): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: who.authorization,
      payload: { kind: 'android', name: 'Phone' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ network: { id: string } }>().network.id;
  }
  const call = (authorization: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `${SMSGATE_BASE}${path}`, headers: { authorization }, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp({ ALLOW_INSECURE_WEBHOOKS: '1' });
    admin = await register(t.app, 'owner@smsgate-webhooks.example', 'Owner');
    stranger = await register(t.app, 'owner@other-smsgate-webhooks.example', 'Stranger');
    basic = await basicOf(admin, ['webhooks:manage']);
    strangerBasic = await basicOf(stranger, ['webhooks:manage']);
    phoneId = await phoneOf(admin);
    strangerPhoneId = await phoneOf(stranger);
  });
  afterAll(() => t.close());

  it('registers (201), lists and deletes (204, unknown ids too) as the SMSGate client expects', async () => {
    const created = await call(basic, 'POST', '/webhooks', {
      url: 'https://example.com/in',
      event: 'sms:received',
      deviceId: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<SmsgateWebhook>();
    expect(hook).toEqual({
      id: expect.any(String) as string,
      deviceId: null,
      url: 'https://example.com/in',
      event: 'sms:received',
    });
    expect(hook.id.length).toBeLessThanOrEqual(36);

    const onPhone = await call(basic, 'POST', '/webhooks', {
      url: 'https://example.com/s',
      event: 'sms:sent',
      deviceId: phoneId,
    });
    expect(onPhone.statusCode, onPhone.body).toBe(201);
    expect(onPhone.json()).toMatchObject({ deviceId: phoneId, event: 'sms:sent' });
    // Accepted although Switchboard never sends it (no MMS here).
    expect(
      (await call(basic, 'POST', '/webhooks', { url: 'https://example.com/m', event: 'mms:received' })).statusCode,
    ).toBe(201);

    const listed = await call(basic, 'GET', '/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<SmsgateWebhook[]>().map((w) => w.event)).toEqual(['sms:received', 'sms:sent', 'mms:received']);

    // The developer page lists them too, marked as SMSGate's.
    const ours = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: admin.authorization });
    expect(ours.statusCode, ours.body).toBe(200);
    const mine = ours.json<WebhooksResponse>().webhooks.find((w) => w.smsgate?.id === hook.id);
    expect(mine).toMatchObject({ format: 'smsgate', events: ['message.received'], smsgate: hook });

    const removed = await call(basic, 'DELETE', `/webhooks/${hook.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(basic, 'DELETE', `/webhooks/${hook.id}`)).statusCode).toBe(204);
    expect((await call(basic, 'DELETE', '/webhooks/never-was')).statusCode).toBe(204);
    expect((await call(basic, 'GET', '/webhooks')).json<SmsgateWebhook[]>()).toHaveLength(2);
  });

  it('replaces the webhook with the same client id', async () => {
    const first = await call(basic, 'POST', '/webhooks', {
      id: 'my-hook',
      url: 'https://example.com/1',
      event: 'sms:delivered',
    });
    expect(first.json()).toEqual({
      id: 'my-hook',
      deviceId: null,
      url: 'https://example.com/1',
      event: 'sms:delivered',
    });
    const second = await call(basic, 'POST', '/webhooks', {
      id: 'my-hook',
      url: 'https://example.com/2',
      event: 'sms:failed',
      deviceId: phoneId,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual({
      id: 'my-hook',
      deviceId: phoneId,
      url: 'https://example.com/2',
      event: 'sms:failed',
    });
    const listed = (await call(basic, 'GET', '/webhooks')).json<SmsgateWebhook[]>();
    expect(listed.filter((w) => w.id === 'my-hook')).toEqual([second.json()]);
  });

  it('refuses a URL that is not https, an unknown event, a foreign device and a long id with 400 {message}', async () => {
    const refused = async (payload: object, code: string) =>
      expectSmsgateError(await call(basic, 'POST', '/webhooks', payload), 400, code);
    await refused({ url: 'http://example.com/in', event: 'sms:received' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ url: 'https://169.254.169.254/x', event: 'sms:received' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ url: 'not a url', event: 'sms:received' }, 'VALIDATION_FAILED');
    await refused({ url: 'https://example.com/in', event: 'sms:batch:received' }, 'VALIDATION_FAILED');
    await refused({ url: 'https://example.com/in' }, 'VALIDATION_FAILED');
    await refused(
      { url: 'https://example.com/in', event: 'sms:received', deviceId: strangerPhoneId },
      'VALIDATION_FAILED',
    );
    await refused(
      { url: 'https://example.com/in', event: 'sms:received', deviceId: 'QslD_GefqiYV6RQXdkM6V' },
      'VALIDATION_FAILED',
    );
    await refused({ id: 'x'.repeat(37), url: 'https://example.com/in', event: 'sms:received' }, 'VALIDATION_FAILED');
    // Loopback over http is allowed here (ALLOW_INSECURE_WEBHOOKS=1), as for Switchboard's webhooks.
    expect(
      (await call(basic, 'POST', '/webhooks', { url: 'http://127.0.0.1:9/in', event: 'sms:received' })).statusCode,
    ).toBe(201);
  });

  it('keeps workspaces apart: another key neither sees, replaces nor deletes them', async () => {
    await call(basic, 'POST', '/webhooks', { id: 'shared-id', url: 'https://example.com/mine', event: 'sms:received' });
    expect((await call(strangerBasic, 'GET', '/webhooks')).json()).toEqual([]);
    const theirs = await call(strangerBasic, 'POST', '/webhooks', {
      id: 'shared-id',
      url: 'https://example.com/theirs',
      event: 'sms:sent',
    });
    expect(theirs.statusCode).toBe(201);
    expect((await call(strangerBasic, 'DELETE', '/webhooks/shared-id')).statusCode).toBe(204);
    const mine = (await call(basic, 'GET', '/webhooks')).json<SmsgateWebhook[]>().find((w) => w.id === 'shared-id');
    expect(mine).toMatchObject({ url: 'https://example.com/mine', event: 'sms:received' });
  });

  it('needs the key’s webhooks:manage and credentials', async () => {
    const reader = await basicOf(admin, ['messages:read']);
    expectSmsgateError(await call(reader, 'GET', '/webhooks'), 403, 'INSUFFICIENT_SCOPE');
    expectSmsgateError(
      await call(reader, 'POST', '/webhooks', { url: 'https://example.com/x', event: 'sms:sent' }),
      403,
    );
    expectSmsgateError(await call(basicHeader('NOBODY', 'nothing'), 'GET', '/webhooks'), 401);
  });

  it('lets admins read and rotate the SMSGate signing key; editors and other workspaces get their own or 403', async () => {
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/webhooks/smsgate-signing-key', headers: admin.authorization });
    const key = (await read()).json<{ key: string }>().key;
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect((await read()).json()).toEqual({ key });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/smsgate-signing-key',
      headers: stranger.authorization,
    });
    expect(other.json<{ key: string }>().key).not.toBe(key);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/smsgate-signing-key/rotate',
      headers: admin.authorization,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ key: string }>().key).not.toBe(key);
    expect((await read()).json()).toEqual(rotated.json());
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/webhooks/smsgate-signing-key' });
    expect(anonymous.statusCode).toBe(401);
  });
});
