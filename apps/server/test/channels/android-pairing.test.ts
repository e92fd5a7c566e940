import type { NetworkResponse, NetworksResponse } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { androidDevices, networks } from '../../src/db/schema/index.js';
import { verifyPassword } from '../../src/modules/auth/password.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { createAndroidNetwork, createListeningTestApp, SmsGateDevice } from '../helpers/smsgate-device.js';
import { register, type SignedIn, type TestApp } from '../helpers/test-app.js';

type AndroidView = {
  serverUrl: string;
  registrationToken: string | null;
  device: { name: string; simCards: unknown[]; streaming: boolean } | null;
};

describe('pairing an SMSGate phone with an Android network', () => {
  let t: TestApp & { baseUrl: string };
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createListeningTestApp();
    admin = await register(t.app, 'owner@android-pairing.test');
  });
  afterAll(() => t.close());

  async function networkView(id: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/networks/${id}`, headers: admin.authorization });
    expect(response.statusCode).toBe(200);
    const { network } = response.json() as NetworkResponse;
    return { ...network, android: network.settings as AndroidView };
  }

  const answerOf = (response: { status: number; body: unknown; headers: Headers }) => ({
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: JSON.stringify(response.body),
  });

  it('registers a phone with the registration token, marks the network connected and shows the phone', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    expect(registration.serverUrl).toBe(`${t.baseUrl}/api/mobile/v1`);
    expect(network.status).toBe('disconnected');

    const registered = await phone.register(registration.token);
    expect(registered.status).toBe(201);
    expect(registered.body.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(registered.body.login).toMatch(/^[A-Z]{6}$/);
    expect(registered.body.password).toMatch(/^[a-z]{14}$/);
    expect(registered.body.token.length).toBeGreaterThanOrEqual(32);

    const listed = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    const view = (listed.json() as NetworksResponse).networks.find((n) => n.id === network.id)!;
    expect(view.status).toBe('connected');
    expect(view.lastSeenAt).not.toBeNull();
    expect((view.settings as AndroidView).device).toEqual({
      name: 'samsung/a52qnsxx',
      registeredAt: expect.any(String) as string,
      simCards: [{ simNumber: 1, phoneNumber: '********1234', carrierName: 'Test' }],
      streaming: false,
    });

    const [row] = await t.app.database.db.select().from(androidDevices).where(eq(androidDevices.networkId, network.id));
    expect(row!.deviceTokenHash).not.toBe(registered.body.token);
    expect(await verifyPassword(row!.passwordHash, registered.body.password)).toBe(true);
    expect(JSON.stringify(row!.simCards)).not.toContain('5678');
  });

  it('answers 401 to a wrong or missing registration token', async () => {
    const { phone } = await createAndroidNetwork(t, admin.authorization);
    expectErrorBody(answerOf(await phone.register('not-the-token')), 401, 'UNAUTHENTICATED');
    expectErrorBody(answerOf(await phone.register(null)), 401, 'UNAUTHENTICATED');
  });

  it('serves what the app fetches at start: our signing key only, and our webhooks with stable ids', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    expect((await phone.patchDevice()).status).toBe(204);

    const settings = await phone.fetchSettings();
    expect(settings.status).toBe(200);
    expect(Object.keys(settings.body)).toEqual(['webhooks', 'gateway']);
    expect(settings.body.gateway).toEqual({ notification_channel: 'SSE_ONLY' });
    expect(settings.body.webhooks?.signing_key?.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(settings.body)).not.toMatch(/cloud_url|private_token/);

    const webhooks = await phone.fetchWebhooks();
    expect(webhooks.status).toBe(200);
    expect(webhooks.body.map((w) => w.event).sort()).toEqual([
      'sms:delivered',
      'sms:failed',
      'sms:received',
      'sms:sent',
      'system:ping',
    ]);
    for (const hook of webhooks.body) {
      expect(hook.url).toMatch(new RegExp(`^${t.baseUrl}/hooks/android/${network.id}/[A-Za-z0-9_-]{43}$`));
      expect(hook.deviceId).toBe(phone.deviceId);
    }
    expect((await phone.fetchWebhooks()).body).toEqual(webhooks.body);
  });

  it('stores a new push token and SIM list, and keeps the push token when the app sends none', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token, { pushToken: 'fcm-1' });
    const sims = [
      { slotIndex: 0, simNumber: 1, phoneNumber: '********1234', carrierName: 'Test' },
      { slotIndex: 1, simNumber: 2, phoneNumber: null, carrierName: 'Other' },
    ];
    expect((await phone.patchDevice({ pushToken: 'fcm-2', simCards: sims })).status).toBe(204);
    expect((await phone.patchDevice({})).status).toBe(204);

    const [row] = await t.app.database.db.select().from(androidDevices).where(eq(androidDevices.networkId, network.id));
    expect(row!.pushToken).toBe('fcm-2');
    expect((await networkView(network.id)).android.device?.simCards).toHaveLength(2);
  });

  it('refuses PATCH /device for another device id (403) and for an unknown token (401)', async () => {
    const { registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    expectErrorBody(answerOf(await phone.patchDevice({ id: 'someone-else' })), 403, 'FORBIDDEN');
    const stranger = new SmsGateDevice(phone.apiUrl);
    stranger.deviceId = phone.deviceId;
    stranger.deviceToken = 'made-up-token';
    expectErrorBody(answerOf(await stranger.patchDevice()), 401, 'UNAUTHENTICATED');
    expectErrorBody(answerOf(await stranger.pullMessages()), 401, 'UNAUTHENTICATED');
  });

  it('tells the phone its public address on GET /device', async () => {
    const phone = new SmsGateDevice(`${t.baseUrl}/api/mobile/v1`);
    const response = await phone.call<{ externalIp: string }>('GET', '/device', { token: null });
    expect(response.status).toBe(200);
    expect(response.body.externalIp).toBe('127.0.0.1');
  });

  it('replaces the phone on a second registration: the old device token gets 401', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    const replacement = new SmsGateDevice(phone.apiUrl, 'google/panther');
    expect((await replacement.register(registration.token)).status).toBe(201);

    expect((await phone.patchDevice()).status).toBe(401);
    expect((await replacement.patchDevice()).status).toBe(204);
    expect((await networkView(network.id)).android.device?.name).toBe('google/panther');
  });

  it('unpairs the phone when the registration token is rotated; only the new token registers', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/networks/${network.id}/registration-token`,
      headers: admin.authorization,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = (rotated.json() as NetworkResponse).registration!;
    expect(fresh.token).not.toBe(registration.token);
    expect((await networkView(network.id)).status).toBe('disconnected');

    expect((await phone.patchDevice()).status).toBe(401);
    expect((await phone.register(registration.token)).status).toBe(401);
    expect((await phone.register(fresh.token)).status).toBe(201);
    expect((await phone.patchDevice()).status).toBe(204);
    expect((await networkView(network.id)).status).toBe('connected');
  });

  it('answers 403 NETWORK_DISABLED on a disabled network, to the phone and to a registration', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${network.id}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
    expect(disabled.statusCode).toBe(200);

    expectErrorBody(answerOf(await phone.pullMessages()), 403, 'NETWORK_DISABLED');
    expectErrorBody(answerOf(await phone.patchDevice()), 403, 'NETWORK_DISABLED');
    expectErrorBody(
      answerOf(await new SmsGateDevice(phone.apiUrl).register(registration.token)),
      403,
      'NETWORK_DISABLED',
    );
  });

  it('shows a phone silent for more than 15 minutes as disconnected, and connected again when it calls', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    const test = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/networks/${network.id}/test-connection`,
        headers: admin.authorization,
      });
    expect((await test()).json()).toEqual({ ok: true, error: null });

    await t.app.database.db
      .update(networks)
      .set({ lastSeenAt: sql`now() - interval '20 minutes'` })
      .where(eq(networks.id, network.id));
    expect((await networkView(network.id)).status).toBe('disconnected');
    expect((await test()).json()).toEqual({ ok: false, error: expect.stringMatching(/15 minutes/) as string });

    expect((await phone.pullMessages()).status).toBe(200);
    expect((await networkView(network.id)).status).toBe('connected');
  });

  it('tests the connection as waiting until a phone registers', async () => {
    const { network } = await createAndroidNetwork(t, admin.authorization);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/networks/${network.id}/test-connection`,
      headers: admin.authorization,
    });
    expect(response.json()).toEqual({ ok: false, error: expect.stringMatching(/^Waiting for the phone/) as string });
  });

  it('answers a database failure with a 5xx, never the 401 that makes the app register again', async () => {
    const { registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    const db = t.app.database.db;
    await db.execute(sql`alter table android_devices rename to android_devices_away`);
    try {
      const response = await phone.patchDevice();
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect((await phone.register(registration.token)).status).toBeGreaterThanOrEqual(500);
    } finally {
      await db.execute(sql`alter table android_devices_away rename to android_devices`);
    }
    expect((await phone.patchDevice()).status).toBe(204);
  });

  it('rejects malformed registration bodies with 400 (before any token check leaks)', async () => {
    const { registration, phone } = await createAndroidNetwork(t, admin.authorization);
    const broken = await phone.call('POST', '/device', { token: registration.token, rawBody: '{"name":' });
    expectErrorBody(answerOf(broken), 400, 'MALFORMED_JSON');
    const wrongShape = await phone.call('POST', '/device', { token: registration.token, body: { simCards: 'two' } });
    expectErrorBody(answerOf(wrongShape), 400, 'VALIDATION_FAILED');
    // A wrong token is refused before the body is read.
    expect((await phone.call('POST', '/device', { token: 'nope', body: { simCards: 'two' } })).status).toBe(401);
  });
});
