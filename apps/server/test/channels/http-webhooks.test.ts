import type { Network, NetworkLogEntry } from '@switchboard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, networks } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { signedWebhook, startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PUBLIC_URL = 'https://sb.example.com';
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

describe('Twilio webhooks: inbound SMS', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let admin: SignedIn;
  let network: Network;
  let sandboxId: string;
  let sidCounter = 0;

  const smsPath = (networkId = network.id) => `/hooks/twilio/${networkId}/sms`;
  const nextSid = () => `SM${String((sidCounter += 1)).padStart(32, '0')}`;
  const inbound = (overrides: Record<string, string> = {}) => ({
    MessageSid: nextSid(),
    AccountSid: fake.accountSid,
    From: '+14155550199',
    To: '+15005550006',
    Body: 'Is the shop open today?',
    NumMedia: '0',
    ...overrides,
  });
  /** Posts a webhook as Twilio would, signed for PUBLIC_URL + path. */
  const deliver = (params: Record<string, string>, path = smsPath(), authToken = fake.authToken) =>
    t.app.inject({ method: 'POST', url: path, ...signedWebhook(`${PUBLIC_URL}${path}`, authToken, params) });

  const storedWith = (providerMessageId: string) =>
    t.app.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.networkId, network.id), eq(messages.providerMessageId, providerMessageId)));
  const inboundCount = async () =>
    (await t.app.database.db.select({ id: messages.id }).from(messages).where(eq(messages.networkId, network.id)))
      .length;
  const logEntries = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/api/networks/${network.id}/logs`, headers: admin.authorization })
    ).json<{ entries: NetworkLogEntry[] }>().entries;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await createTestApp({ PUBLIC_URL });
    admin = await register(t.app, 'owner@http-hooks.example', 'Owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: {
        kind: 'http',
        name: 'Twilio',
        address: '+15005550006',
        settings: { accountSid: fake.accountSid, authToken: fake.authToken, apiBaseUrl: fake.url },
      },
    });
    network = created.json<{ network: Network }>().network;
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<{ networks: Network[] }>().networks.find((n) => n.kind === 'sandbox')!.id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('stores a signed inbound SMS and answers an empty TwiML document', async () => {
    const params = inbound({ Body: 'Hallo 👋 – sind Sie heute offen?' });
    const response = await deliver(params);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toBe(EMPTY_TWIML);

    const [stored] = await storedWith(params.MessageSid);
    expect(stored).toMatchObject({
      direction: 'in',
      state: 'received',
      body: 'Hallo 👋 – sind Sie heute offen?',
      encoding: 'UCS-2',
      workspaceId: admin.userData.workspaceId,
    });
    const [row] = await t.app.database.db.select().from(networks).where(eq(networks.id, network.id));
    expect(row?.lastSeenAt).not.toBeNull();
  });

  it('stores a message the provider delivers three times once, answering 200 each time', async () => {
    const params = inbound();
    const before = await inboundCount();
    expect((await deliver(params)).statusCode).toBe(200);
    const retries = await Promise.all([deliver(params), deliver(params)]);
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(retries.map((r) => r.body)).toEqual([EMPTY_TWIML, EMPTY_TWIML]);
    expect(await storedWith(params.MessageSid)).toHaveLength(1);
    expect(await inboundCount()).toBe(before + 1);
  });

  it('keeps a short code sender as the provider gives it', async () => {
    const params = inbound({ From: '72345' });
    expect((await deliver(params)).statusCode).toBe(200);
    expect((await storedWith(params.MessageSid))[0]).toBeDefined();
  });

  describe('signatures', () => {
    it('refuses a wrong signature with 403, stores nothing, and shows the rejection in the network’s log', async () => {
      const params = inbound();
      const response = await deliver(params, smsPath(), 'some-other-token');
      expectErrorBody(response, 403, 'INVALID_SIGNATURE');
      expect(await storedWith(params.MessageSid)).toEqual([]);

      const entries = await logEntries();
      const rejected = entries.find((e) => e.kind === 'webhook-rejected');
      expect(rejected).toMatchObject({
        message: expect.stringMatching(/does not match/) as string,
        details: {
          path: smsPath(),
          url: `${PUBLIC_URL}${smsPath()}`,
          ip: '127.0.0.1',
          userAgent: 'TwilioProxy/1.1',
          signaturePresent: true,
          params: ['AccountSid', 'Body', 'From', 'MessageSid', 'NumMedia', 'To'],
        },
      });
      const logged = JSON.stringify(entries);
      expect(logged).not.toContain(fake.authToken);
      expect(logged).not.toContain(params.Body);
    });

    it('refuses a request without a signature, and logs that it had none', async () => {
      const params = inbound();
      const response = await t.app.inject({
        method: 'POST',
        url: smsPath(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      });
      expectErrorBody(response, 403, 'INVALID_SIGNATURE');
      expect(await storedWith(params.MessageSid)).toEqual([]);
      const [latest] = await logEntries();
      expect(latest).toMatchObject({ kind: 'webhook-rejected', details: { signaturePresent: false } });
    });

    it('refuses a signature made for another URL (PUBLIC_URL must be the URL the provider calls)', async () => {
      const params = inbound();
      const path = smsPath();
      const forLocalhost = signedWebhook(`http://localhost:5000${path}`, fake.authToken, params);
      expectErrorBody(await t.app.inject({ method: 'POST', url: path, ...forLocalhost }), 403, 'INVALID_SIGNATURE');
    });

    it('refuses a body changed after signing', async () => {
      const params = inbound();
      const signed = signedWebhook(`${PUBLIC_URL}${smsPath()}`, fake.authToken, params);
      const tampered = new URLSearchParams({ ...params, Body: 'Send me the codes' }).toString();
      const response = await t.app.inject({ method: 'POST', url: smsPath(), ...signed, payload: tampered });
      expectErrorBody(response, 403, 'INVALID_SIGNATURE');
      expect(await storedWith(params.MessageSid)).toEqual([]);
    });
  });

  it('refuses with 403 NETWORK_DISABLED while the network is disabled, storing nothing', async () => {
    const toggle = (enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/networks/${network.id}`,
        headers: admin.authorization,
        payload: { enabled },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const params = inbound();
      expectErrorBody(await deliver(params), 403, 'NETWORK_DISABLED');
      expect(await storedWith(params.MessageSid)).toEqual([]);
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
  });

  describe('addresses', () => {
    it('answers 404 for an unknown network, a malformed id and a network of another kind', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", sandboxId]) {
        expectErrorBody(await deliver(inbound(), smsPath(id)), 404, 'NOT_FOUND');
      }
    });

    it('has no other hooks', async () => {
      const response = await deliver(inbound(), `/hooks/twilio/${network.id}/fax`);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('bodies', () => {
    it('answers 400 to a signed body without the fields an SMS has', async () => {
      const incomplete: Array<Record<string, string>> = [
        { From: '+14155550199', Body: 'x' },
        { MessageSid: nextSid(), Body: 'x' },
        {},
      ];
      for (const params of incomplete) {
        const body = expectErrorBody(await deliver(params), 400, 'VALIDATION_FAILED');
        expect(body.fields?.[0]?.path, JSON.stringify(params)).toMatch(/^body\./);
      }
    });

    it('answers 400, not 500, to text the database cannot store', async () => {
      const params = inbound({ Body: 'nul \u0000 byte' });
      expectErrorBody(await deliver(params), 400, 'VALIDATION_FAILED');
      expect(await storedWith(params.MessageSid)).toEqual([]);
    });

    it('answers 413 to an oversized body', async () => {
      const response = await deliver(inbound({ Body: 'x'.repeat(70 * 1024) }));
      expectErrorBody(response, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers 415 to JSON and other content types, and 403 to an unsigned garbled form', async () => {
      const json = await t.app.inject({ method: 'POST', url: smsPath(), payload: inbound() });
      expectErrorBody(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const text = await t.app.inject({
        method: 'POST',
        url: smsPath(),
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expectErrorBody(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const garbled = await t.app.inject({
        method: 'POST',
        url: smsPath(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%E0%A4%A=&&==&__proto__=x&constructor[prototype]=y',
      });
      expectErrorBody(garbled, 403, 'INVALID_SIGNATURE');
    });

    it('keeps form bodies out of the rest of the API', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=owner%40http-hooks.example&password=x',
      });
      expectErrorBody(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });
});
