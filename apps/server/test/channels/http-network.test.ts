import type { Message, Network } from '@switchboard/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { signedWebhook, startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://sb.example.com';
const TO = '+14155550123';
const FROM = '+15005550006';

describe('HTTP provider networks: settings, sending and status callbacks', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn; // admin of another workspace
  let network: Network;

  const settingsFor = (overrides: Record<string, string> = {}) => ({
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    apiBaseUrl: fake.url,
    ...overrides,
  });
  const inject = (who: SignedIn | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? who.authorization : {}, ...(payload ? { payload } : {}) });

  async function send(body = 'Hello from Switchboard'): Promise<Message> {
    const response = await inject(admin, 'POST', '/api/messages', { networkId: network.id, to: TO, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ message: Message }>().message;
  }

  async function messageNow(id: string): Promise<Message> {
    return (await inject(admin, 'GET', `/api/messages/${id}`)).json<{ message: Message }>().message;
  }

  async function waitForState(id: string, state: Message['state'], timeout = 10_000): Promise<Message> {
    return vi.waitFor(
      async () => {
        const message = await messageNow(id);
        expect(message.state).toBe(state);
        return message;
      },
      { timeout, interval: 50 },
    );
  }

  async function statusCallback(params: Record<string, string>) {
    const path = `/hooks/twilio/${network.id}/status`;
    return t.app.inject({
      method: 'POST',
      url: path,
      ...signedWebhook(`${PUBLIC_URL}${path}`, fake.authToken, params),
    });
  }

  async function networkNow(): Promise<Network> {
    return (await inject(admin, 'GET', `/api/networks/${network.id}`)).json<{ network: Network }>().network;
  }

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await createTestApp({ PUBLIC_URL });
    admin = await register(t.app, 'owner@http-network.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@http-network.example', 'editor');
    editor = await login(t.app, 'editor@http-network.example');
    stranger = await register(t.app, 'owner@http-other.example', 'Stranger');
    const created = await inject(admin, 'POST', '/api/networks', {
      kind: 'http',
      name: 'Twilio',
      address: FROM,
      throughput: 20,
      settings: settingsFor(),
    });
    expect(created.statusCode, created.body).toBe(201);
    network = created.json<{ network: Network }>().network;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  describe('settings', () => {
    it('shows the webhook URLs under PUBLIC_URL and never the auth token', async () => {
      const response = await inject(admin, 'GET', `/api/networks/${network.id}`);
      expect(response.body).not.toContain(fake.authToken);
      expect(response.json<{ network: Network }>().network.settings).toMatchObject({
        accountSid: fake.accountSid,
        apiBaseUrl: fake.url,
        smsWebhookUrl: `${PUBLIC_URL}/hooks/twilio/${network.id}/sms`,
        statusCallbackUrl: `${PUBLIC_URL}/hooks/twilio/${network.id}/status`,
      });
    });

    it('tests draft credentials against the provider: ok, or the provider’s words', async () => {
      const draft = (authToken: string) => ({
        kind: 'http',
        name: 'Draft',
        address: FROM,
        settings: settingsFor({ authToken }),
      });
      const ok = await inject(admin, 'POST', '/api/networks/test-connection', draft(fake.authToken));
      expect(ok.json()).toEqual({ ok: true, error: null });
      const wrong = await inject(admin, 'POST', '/api/networks/test-connection', draft('wrong-token'));
      expect(wrong.json()).toEqual({ ok: false, error: 'Authenticate' });
      expect(fake.requests.map((r) => r.auth?.password)).toEqual([fake.authToken, 'wrong-token']);
    });

    it('tests a saved network with its stored token', async () => {
      const response = await inject(admin, 'POST', `/api/networks/${network.id}/test-connection`);
      expect(response.json()).toEqual({ ok: true, error: null });
    });

    it('answers 403 to an editor on the admin routes', async () => {
      const body = { kind: 'http', name: 'X', address: FROM, settings: settingsFor() };
      expectErrorBody(await inject(editor, 'POST', '/api/networks', body), 403, 'FORBIDDEN');
      expectErrorBody(await inject(editor, 'POST', '/api/networks/test-connection', body), 403, 'FORBIDDEN');
      expectErrorBody(await inject(editor, 'GET', `/api/networks/${network.id}/logs`), 403, 'FORBIDDEN');
      expect(fake.requests).toEqual([]);
    });

    it('answers 404 for the network from another workspace, as for an unknown id', async () => {
      expectErrorBody(await inject(stranger, 'GET', `/api/networks/${network.id}`), 404, 'NOT_FOUND');
      expectErrorBody(await inject(stranger, 'POST', `/api/networks/${network.id}/test-connection`), 404, 'NOT_FOUND');
      expectErrorBody(await inject(stranger, 'GET', `/api/networks/${network.id}/logs`), 404, 'NOT_FOUND');
      const sent = await inject(stranger, 'POST', '/api/messages', { networkId: network.id, to: TO, body: 'Hi' });
      expectErrorBody(sent, 404, 'NOT_FOUND');
      expect(fake.requests).toEqual([]);
    });
  });

  describe('sending', () => {
    it('hands a message to the provider with To, From, Body, the status callback and Basic auth', async () => {
      const queued = await send('Your table is ready.');
      const sent = await waitForState(queued.id, 'sent');
      expect(fake.messageRequests()).toEqual([
        expect.objectContaining({
          auth: { username: fake.accountSid, password: fake.authToken },
          form: {
            To: TO,
            From: FROM,
            Body: 'Your table is ready.',
            StatusCallback: `${PUBLIC_URL}/hooks/twilio/${network.id}/status`,
          },
        }),
      ]);
      expect(sent).toMatchObject({ attempts: 1, errorCode: null, providerMessageId: expect.stringMatching(/^SM/) });
      expect(sent.sentAt).not.toBeNull();
      expect((await networkNow()).status).toBe('connected');
    });

    it('keeps a tenth of a second of its rate in flight (30 at 300/s), never more, and sends the rest as answers come', async () => {
      const created = await inject(admin, 'POST', '/api/networks', {
        kind: 'http',
        name: 'Busy provider',
        address: '+15005550010',
        throughput: 300,
        settings: settingsFor(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const busy = created.json<{ network: Network }>().network;
      const release = fake.holdAnswers();
      try {
        const queued = await Promise.all(
          Array.from({ length: 40 }, async (_, i) => {
            const response = await inject(admin, 'POST', '/api/messages', {
              networkId: busy.id,
              to: `+1415555${String(1000 + i)}`,
              body: `In flight ${i}`,
            });
            expect(response.statusCode, response.body).toBe(201);
            return response.json<{ message: Message }>().message;
          }),
        );
        // With the dispatcher's default window (10) only 10 would arrive until the first answer.
        await fake.waitForMessages(30);
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(fake.messageRequests()).toHaveLength(30);
        release();
        await fake.waitForMessages(40);
        for (const message of queued) await waitForState(message.id, 'sent');
      } finally {
        release();
      }
    });

    it('follows signed status callbacks forward to delivered, and never back', async () => {
      const { id } = await send();
      const { providerMessageId } = await waitForState(id, 'sent');
      const sid = providerMessageId!;
      for (const status of ['queued', 'sent', 'delivered', 'sent', 'undelivered']) {
        const response = await statusCallback({ MessageSid: sid, MessageStatus: status, AccountSid: fake.accountSid });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/xml/);
      }
      const delivered = await messageNow(id);
      expect(delivered).toMatchObject({ state: 'delivered', errorCode: null });
      expect(delivered.deliveredAt).not.toBeNull();
      expect((await networkNow()).lastSeenAt).not.toBeNull();
    });

    it('fails the message with the provider’s error code when a callback says undelivered', async () => {
      const { id } = await send();
      const sid = (await waitForState(id, 'sent')).providerMessageId!;
      await statusCallback({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' });
      expect(await messageNow(id)).toMatchObject({
        state: 'failed',
        errorCode: 'HTTP_30003',
        errorText: expect.stringContaining('Unreachable destination handset') as string,
      });
    });

    it('answers 200 to a callback about a message it does not know, changing nothing', async () => {
      const response = await statusCallback({ MessageSid: 'SMunknown', MessageStatus: 'delivered' });
      expect(response.statusCode).toBe(200);
    });

    it('refuses an unsigned status callback and leaves the message as it was', async () => {
      const { id } = await send();
      const sid = (await waitForState(id, 'sent')).providerMessageId!;
      const path = `/hooks/twilio/${network.id}/status`;
      const forged = signedWebhook(`${PUBLIC_URL}${path}`, 'not-the-token', {
        MessageSid: sid,
        MessageStatus: 'failed',
      });
      expectErrorBody(await t.app.inject({ method: 'POST', url: path, ...forged }), 403, 'INVALID_SIGNATURE');
      expect((await messageNow(id)).state).toBe('sent');
    });

    it('retries after a 429, waiting as long as Retry-After says', async () => {
      fake.failNext(1, { status: 429, code: 20429, message: 'Too Many Requests', retryAfter: '1' });
      const { id } = await send();
      const sent = await waitForState(id, 'sent');
      const [first, second] = fake.messageRequests();
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
      expect(sent).toMatchObject({ attempts: 2, errorCode: null, errorText: null });
    });

    it('retries after a provider error (5xx)', async () => {
      fake.failNext(1, { status: 500, message: 'Internal Server Error', retryAfter: '0' });
      const { id } = await send();
      expect(await waitForState(id, 'sent')).toMatchObject({ attempts: 2 });
      expect(fake.messageRequests()).toHaveLength(2);
    });

    it('fails at once with the provider’s words when it refuses the message (400)', async () => {
      const words = `The 'To' number ${TO} is not a valid phone number.`;
      fake.failNext(1, { status: 400, code: 21211, message: words });
      const { id } = await send();
      expect(await waitForState(id, 'failed')).toMatchObject({
        errorCode: 'HTTP_21211',
        errorText: words,
        attempts: 1,
      });
      expect(fake.messageRequests()).toHaveLength(1);
    });

    it('shows the network in error on a 401 and connected again once the token is fixed', async () => {
      // apiBaseUrl goes along: UpdateNetworkBodySchema's partial settings still fill in defaults, so
      // a PATCH of the token alone would point the network back at api.twilio.com.
      const patch = (authToken: string) =>
        inject(admin, 'PATCH', `/api/networks/${network.id}`, { settings: { authToken, apiBaseUrl: fake.url } });
      expect((await patch('revoked-token')).statusCode).toBe(200);
      const { id } = await send();
      expect(await waitForState(id, 'failed')).toMatchObject({ errorCode: 'HTTP_20003', errorText: 'Authenticate' });
      expect(await networkNow()).toMatchObject({
        status: 'error',
        lastError: 'The provider refused the credentials: Authenticate',
      });
      const logs = (await inject(admin, 'GET', `/api/networks/${network.id}/logs`)).json<{
        entries: Array<{ kind: string; message: string }>;
      }>();
      expect(logs.entries).toContainEqual(
        expect.objectContaining({ kind: 'error', message: 'The provider refused the credentials: Authenticate' }),
      );

      expect((await patch(fake.authToken)).statusCode).toBe(200);
      await waitForState((await send()).id, 'sent');
      expect(await networkNow()).toMatchObject({ status: 'connected', lastError: null });
    });

    it('still applies status callbacks while the network is disabled (the message went out before)', async () => {
      const { id } = await send();
      const sid = (await waitForState(id, 'sent')).providerMessageId!;
      const toggle = (enabled: boolean) => inject(admin, 'PATCH', `/api/networks/${network.id}`, { enabled });
      expect((await toggle(false)).statusCode).toBe(200);
      try {
        expect((await statusCallback({ MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(200);
        expect((await messageNow(id)).state).toBe('delivered');
      } finally {
        await toggle(true);
      }
    });
  });
});
