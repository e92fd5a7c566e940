import type { CreatedApiKeyResponse } from '@switchboard/contract';
import sdk, { type HttpClient } from 'android-sms-gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/expectations.js';
import { createListeningTestApp, pairPhone } from '../helpers/smsgate-device.js';
import { register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PHONE = '+12025550123';

// The package ships ES modules without "type": "module", so TypeScript reads its types as
// CommonJS (the default import is then the module); at run time the default is the class.
const Client = ((sdk as unknown as { default?: unknown }).default ?? sdk) as typeof sdk.default;
type Client = InstanceType<typeof Client>;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * The fetch-based HTTP client the official package expects to be handed (its README's): throws
 * on a non-2xx answer, null for 204, JSON when the answer says so, else text.
 */
const fetchClient: HttpClient = {
  get: (url, headers) => call('GET', url, undefined, headers),
  post: (url, body, headers) => call('POST', url, body, headers),
  put: (url, body, headers) => call('PUT', url, body, headers),
  patch: (url, body, headers) => call('PATCH', url, body, headers),
  delete: (url, headers) => call('DELETE', url, undefined, headers),
};

async function call<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const parsed: unknown = (response.headers.get('content-type') ?? '').includes('application/json')
    ? await response.json()
    : await response.text();
  if (!response.ok) throw new HttpError(response.status, parsed);
  return (response.status === 204 ? null : parsed) as T;
}

/**
 * The official SMSGate JS client (`android-sms-gateway` 3.0.0 from npm) against a listening
 * server, changed only in its base URL. 3.0.0 has no listMessages, cancelMessage or token
 * methods (they came in later 3.x releases): those calls go through the same fetch client with
 * the client's own headers.
 */
describe('the official android-sms-gateway client against /api/3rdparty/v1', () => {
  let t: TestApp;
  let listeningApp: TestApp & { baseUrl: string };
  let admin: SignedIn;
  let base: string;
  let client: Client;
  let basic: string;
  const headers = () => ({ 'User-Agent': 'android-sms-gateway/3.0 (client; js)', Authorization: basic });

  beforeAll(async () => {
    const listening = await createListeningTestApp();
    t = listening;
    admin = await register(t.app, 'owner@smsgate-client.example', 'Owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.authorization,
      payload: { name: 'SMSGate script', scopes: ['messages:send', 'messages:read', 'webhooks:manage'] },
    });
    const { username, password } = created.json<CreatedApiKeyResponse>().basicAuth;
    basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    base = `${listening.baseUrl}/api/3rdparty/v1`;
    listeningApp = listening;
    client = new Client(username, password, fetchClient, base);
  });
  afterAll(() => t.close());

  it('reports health', async () => {
    const health = await client.getHealth();
    expect(health).toMatchObject({ status: 'pass', checks: { 'db:ping': { status: 'pass' } } });
    expect(typeof health.releaseId).toBe('number');
  });

  it('sends through the sandbox network and follows the state until Delivered, then lists it with the total', async () => {
    const sent = await client.send({ message: 'Hello from the official client', phoneNumbers: [PHONE], ttl: 600 });
    expect(sent).toMatchObject({ state: 'Pending', recipients: [{ phoneNumber: PHONE, state: 'Pending' }] });
    await eventually(async () => (await client.getState(sent.id)).state === 'Delivered', 'the message was delivered');
    expect((await client.getState(sent.id)).recipients).toEqual([{ phoneNumber: PHONE, state: 'Delivered' }]);

    const second = await client.send(
      { message: 'Second', phoneNumbers: ['8 916 123-45-67'] },
      { skipPhoneValidation: false },
    );
    expect(second.recipients[0]!.phoneNumber).toBe('+79161234567');

    const listed = await fetch(`${base}/messages?limit=1&includeContent=true`, { headers: headers() });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('2');
    const [newest] = (await listed.json()) as Array<{ id: string; textMessage: { text: string } }>;
    expect(newest).toMatchObject({ id: second.id, textMessage: { text: 'Second' } });
    await expect(client.getState('no-such-message')).rejects.toMatchObject({ status: 404 });
  });

  it('lists the Android networks as devices and unpairs one', async () => {
    expect(await client.getDevices()).toEqual([]);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'android', name: 'Shop phone' },
    });
    const phoneId = phone.json<{ network: { id: string } }>().network.id;
    const devices = await client.getDevices();
    expect(devices).toEqual([expect.objectContaining({ id: phoneId, name: 'Shop phone' })]);
    await expect(client.deleteDevice(phoneId)).resolves.toBeNull();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${phoneId}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
  });

  it('reads and writes settings with the client’s camelCase names', async () => {
    await client.updateSettings({ messages: { limitValue: 50, sendIntervalMin: 2 }, webhooks: { signingKey: 'k' } });
    await client.patchSettings({ ping: { intervalSeconds: 30 } });
    expect(await client.getSettings()).toEqual({
      messages: { limit_value: 50, send_interval_min: 2 },
      ping: { interval_seconds: 30 },
    });
  });

  it('gets 501 for logs, like from the reference server', async () => {
    await expect(client.getLogs()).rejects.toMatchObject({ status: 501 });
  });

  it('makes a token, uses it, and revokes it', async () => {
    const pair = await fetchClient.post<{ id: string; access_token: string; token_type: string }>(
      `${base}/auth/token`,
      { scopes: ['messages:send', 'messages:read'], ttl: 300 },
      { ...headers(), 'Content-Type': 'application/json' },
    );
    expect(pair.token_type).toBe('Bearer');
    const bearer = { Authorization: `Bearer ${pair.access_token}`, 'Content-Type': 'application/json' };
    const sent = await fetchClient.post<{ id: string }>(
      `${base}/message`,
      { message: 'by token', phoneNumbers: [PHONE] },
      bearer,
    );
    await expect(fetchClient.get(`${base}/message/${sent.id}`, bearer)).resolves.toMatchObject({ id: sent.id });
    await expect(fetchClient.get(`${base}/messages`, bearer)).rejects.toMatchObject({
      status: 403,
      body: { message: 'scope required: messages:list' },
    });
    await expect(fetchClient.delete(`${base}/auth/token/${pair.id}`, headers())).resolves.toBeNull();
    await expect(fetchClient.get(`${base}/message/${sent.id}`, bearer)).rejects.toMatchObject({ status: 401 });
  });

  it('drives a paired SMSGate phone: listed with its SIMs, sends what names it, reads the settings, unpaired by delete', async () => {
    const { networkId, phone } = await pairPhone(listeningApp, admin.authorization);
    const events = await phone.openEvents();
    try {
      const device = (await client.getDevices()).find((d) => d.id === networkId);
      expect(device).toMatchObject({ name: 'Front desk phone', simCards: [{ simNumber: 1 }] });

      // The JS type has no deviceId; the server (and SMSGate's) takes it.
      const request = { message: 'Through the phone', phoneNumbers: [PHONE], deviceId: networkId };
      const sent = await client.send(request as Parameters<Client['send']>[0]);
      expect(sent.state).toBe('Pending');
      await events.next('MessageEnqueued');
      const pulled = (await phone.pullMessages()).body.find((m) => m.phoneNumbers.includes(PHONE));
      expect(pulled).toMatchObject({ textMessage: { text: 'Through the phone' } });
      await phone.reportState(pulled!.id, 'Sent', { phoneNumber: PHONE });
      await eventually(async () => (await client.getState(sent.id)).state === 'Sent', 'the phone reported Sent');
      await phone.reportState(pulled!.id, 'Delivered', { phoneNumber: PHONE });
      await eventually(
        async () => (await client.getState(sent.id)).state === 'Delivered',
        'the phone reported Delivered',
      );

      // Two recipients, one of our messages each: the state adds up by the reference's rule.
      const OTHER = '+12025550124';
      const pair = { message: 'To two', phoneNumbers: [PHONE, OTHER], deviceId: networkId };
      const both = await client.send(pair as Parameters<Client['send']>[0]);
      await events.next('MessageEnqueued');
      const pulledBoth = (await phone.pullMessages()).body.filter((m) => m.textMessage.text === 'To two');
      expect(pulledBoth.map((m) => m.phoneNumbers[0]).sort()).toEqual([PHONE, OTHER]);
      const toOther = pulledBoth.find((m) => m.phoneNumbers[0] === OTHER)!;
      const toPhone = pulledBoth.find((m) => m.phoneNumbers[0] === PHONE)!;
      await phone.reportState(toPhone.id, 'Delivered', { phoneNumber: PHONE });
      await phone.reportState(toOther.id, 'Failed', { phoneNumber: OTHER, error: 'RESULT_ERROR_NO_SERVICE' });
      await eventually(async () => (await client.getState(both.id)).state === 'Sent', 'delivered + failed = Sent');
      expect((await client.getState(both.id)).recipients).toEqual([
        { phoneNumber: PHONE, state: 'Delivered' },
        { phoneNumber: OTHER, state: 'Failed', error: expect.stringContaining('RESULT_ERROR_NO_SERVICE') as string },
      ]);

      await client.patchSettings({ messages: { limitValue: 10 } });
      await events.next('SettingsUpdated');
      const settings = await phone.fetchSettings();
      expect(settings.body).toMatchObject({
        messages: { limit_value: 10, send_interval_min: 2 },
        ping: { interval_seconds: 30 },
        gateway: { notification_channel: 'SSE_ONLY' },
      });
      // The phone keeps signing our webhooks with the key the channel gave it, not a stored one.
      expect(settings.body.webhooks?.signing_key).not.toBe('k');
      expect(phone.signingKey).toBe(settings.body.webhooks?.signing_key);

      const since = new Date(Date.now() - 86_400_000);
      await client.exportInbox({ deviceId: networkId, since, until: new Date() });
      const exported = await events.next('MessagesExportRequested');
      expect(exported.data).toMatchObject({ since: since.toISOString(), messageTypes: 'SMS', triggerWebhooks: 'true' });

      await client.deleteDevice(networkId);
      expect((await phone.patchDevice()).status).toBe(401);
    } finally {
      events.close();
    }
  });
});
