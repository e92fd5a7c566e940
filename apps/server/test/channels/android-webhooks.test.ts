import type { Message, MessageResponse, NetworkLogResponse } from '@switchboard/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, networks } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import {
  createAndroidNetwork,
  createListeningTestApp,
  pairPhone,
  phoneDate,
  signWebhook,
  type PhoneResponse,
} from '../helpers/smsgate-device.js';
import { register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const answer = (r: PhoneResponse) => ({
  statusCode: r.status,
  headers: Object.fromEntries(r.headers),
  body: JSON.stringify(r.body),
});

describe('webhooks from an SMSGate phone', () => {
  let t: TestApp & { baseUrl: string };
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createListeningTestApp();
    admin = await register(t.app, 'owner@android-webhooks.test');
  });
  afterAll(() => t.close());

  const pairedPhone = () => pairPhone(t, admin.authorization);

  const inbound = (networkId: string) =>
    t.app.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.networkId, networkId), eq(messages.direction, 'in')));

  async function logs(networkId: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/networks/${networkId}/logs`,
      headers: admin.authorization,
    });
    return (response.json() as NetworkLogResponse).entries;
  }

  async function send(networkId: string): Promise<Message> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.authorization,
      payload: { networkId, to: '+14155550123', body: 'Hello' },
    });
    return (response.json() as MessageResponse).message;
  }

  async function messageState(id: string): Promise<Message> {
    const response = await t.app.inject({ method: 'GET', url: `/api/messages/${id}`, headers: admin.authorization });
    return (response.json() as MessageResponse).message;
  }

  it('stores a signed sms:received once, however often the phone posts or re-exports it', async () => {
    const { networkId, phone } = await pairedPhone();
    const receivedAt = '2026-08-01T16:49:17.357+07:00';
    const first = await phone.receiveSms('+14155550199', 'Is the shop open today?', receivedAt, {
      envelopeId: 'env-1',
    });
    expect(first.status).toBe(204);

    const stored = await inbound(networkId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Is the shop open today?', state: 'received' });
    expect(stored[0]!.receivedAt?.toISOString()).toBe('2026-08-01T09:49:17.357Z');

    // A retry (same envelope), and an inbox export (new envelope, same SMS, written in another zone).
    expect(
      (await phone.receiveSms('+14155550199', 'Is the shop open today?', receivedAt, { envelopeId: 'env-1' })).status,
    ).toBe(204);
    const exported = await phone.receiveSms(
      '+14155550199',
      'Is the shop open today?',
      '2026-08-01T09:49:17.357+00:00',
      {
        envelopeId: 'env-2',
      },
    );
    expect(exported.status).toBe(204);
    expect(await inbound(networkId)).toHaveLength(1);

    // The same text sent again later is a new message, although the app's messageId is the same.
    await phone.receiveSms('+14155550199', 'Is the shop open today?', '2026-08-01T17:00:00.000+07:00');
    expect(await inbound(networkId)).toHaveLength(2);
  });

  it('rejects a bad signature with 403 and logs it without secrets', async () => {
    const { networkId, phone } = await pairedPhone();
    const payload = { messageId: 'ab12cd34', message: 'forged', sender: '+14155550199', receivedAt: phoneDate() };
    const rejected = await phone.sendWebhook('sms:received', payload, { key: 'not-the-key' });
    expectErrorBody(answer(rejected), 403, 'INVALID_SIGNATURE');

    const entries = await logs(networkId);
    const entry = entries.find((e) => e.kind === 'webhook-rejected');
    expect(entry?.details).toMatchObject({ reason: 'signature-mismatch', ip: '127.0.0.1' });
    expect(JSON.stringify(entries)).not.toContain(phone.signingKey);
    expect(JSON.stringify(entries)).not.toContain('forged');
    expect(await inbound(networkId)).toHaveLength(0);
  });

  it('rejects stale, future and missing timestamps with 403', async () => {
    const { networkId, phone } = await pairedPhone();
    const now = Math.floor(Date.now() / 1000);
    const payload = { messageId: 'ab12cd34', message: 'hi', sender: '+14155550199', receivedAt: phoneDate() };
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', payload, { timestamp: now - 310 })),
      403,
      'INVALID_SIGNATURE',
    );
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', payload, { timestamp: now + 310 })),
      403,
      'INVALID_SIGNATURE',
    );
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', payload, { signature: 'nope' })),
      403,
      'INVALID_SIGNATURE',
    );
    expect((await phone.sendWebhook('sms:received', payload, { timestamp: now - 120 })).status).toBe(204);
    expect((await logs(networkId)).filter((e) => e.kind === 'webhook-rejected').map((e) => e.details?.reason)).toEqual([
      'missing-signature',
      'stale-timestamp',
      'stale-timestamp',
    ]);
  });

  it('accepts the phone’s webhooks once it has fetched our key, and nudges a streaming phone to fetch it', async () => {
    const { network, registration, phone } = await createAndroidNetwork(t, admin.authorization);
    await phone.register(registration.token);
    await phone.fetchWebhooks();
    const events = await phone.openEvents();
    try {
      await events.next('SettingsUpdated');
      // Still signing with the app's own generated key.
      expect((await phone.receiveSms('+14155550199', 'early')).status).toBe(403);
      await events.next('SettingsUpdated');
      await phone.fetchSettings();
      expect((await phone.receiveSms('+14155550199', 'early')).status).toBe(204);
      expect(await inbound(network.id)).toHaveLength(1);
    } finally {
      events.close();
    }
  });

  it('answers 404 for an unknown network or a wrong path token', async () => {
    const { networkId, phone } = await pairedPhone();
    const hook = phone.webhooks[0]!;
    const body = '{}';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const post = (url: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signWebhook(phone.signingKey, body, timestamp),
        },
        body,
      });
    const token = hook.url.split('/').pop()!;
    expect((await post(`${t.baseUrl}/hooks/android/${networkId}/wrong-token`)).status).toBe(404);
    expect((await post(`${t.baseUrl}/hooks/android/00000000-0000-4000-8000-000000000000/${token}`)).status).toBe(404);
    expect((await post(`${t.baseUrl}/hooks/android/not-a-uuid/${token}`)).status).toBe(404);
  });

  it('applies sms:sent, sms:delivered and sms:failed to our messages and ignores other ids', async () => {
    const { networkId, phone } = await pairedPhone();
    const delivered = await send(networkId);
    const failed = await send(networkId);
    const at = phoneDate();
    expect((await phone.sendWebhook('sms:sent', { messageId: delivered.id, partsCount: 1, sentAt: at })).status).toBe(
      204,
    );
    expect((await messageState(delivered.id)).state).toBe('sent');
    expect((await phone.sendWebhook('sms:delivered', { messageId: delivered.id, deliveredAt: at })).status).toBe(204);
    expect((await messageState(delivered.id)).state).toBe('delivered');
    expect(
      (await phone.sendWebhook('sms:failed', { messageId: failed.id, failedAt: at, reason: 'No service' })).status,
    ).toBe(204);
    expect(await messageState(failed.id)).toMatchObject({ state: 'failed', errorText: 'No service' });
    // A message the phone sent on its own, and an id of no message of ours.
    expect((await phone.sendWebhook('sms:sent', { messageId: 'local-42', sentAt: at })).status).toBe(204);
    expect(
      (await phone.sendWebhook('sms:sent', { messageId: '00000000-0000-4000-8000-000000000000', sentAt: at })).status,
    ).toBe(204);
  });

  it('takes system:ping as a sign of life', async () => {
    const { networkId, phone } = await pairedPhone();
    await t.app.database.db
      .update(networks)
      .set({ lastSeenAt: sql`now() - interval '20 minutes'` })
      .where(eq(networks.id, networkId));
    const ping = await phone.sendWebhook('system:ping', { health: { status: 'pass', checks: {} } });
    expect(ping.status).toBe(204);
    const [row] = await t.app.database.db.select().from(networks).where(eq(networks.id, networkId));
    expect(Date.now() - row!.lastSeenAt!.getTime()).toBeLessThan(60_000);
  });

  it('checks the signature on the raw bytes whatever the Content-Type says', async () => {
    const { networkId, phone } = await pairedPhone();
    const body = JSON.stringify({
      id: 'env-raw',
      deviceId: phone.deviceId,
      event: 'sms:received',
      payload: { messageId: 'ff00aa11', message: 'plain', sender: '+14155550199', receivedAt: phoneDate() },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const post = (headers: Record<string, string>) =>
      fetch(phone.webhooks.find((w) => w.event === 'sms:received')!.url, {
        method: 'POST',
        headers: {
          'x-timestamp': timestamp,
          'x-signature': signWebhook(phone.signingKey, body, timestamp),
          ...headers,
        },
        body: Buffer.from(body),
      });
    expect((await post({ 'content-type': 'text/plain' })).status).toBe(204);
    expect((await post({})).status).toBe(204);
    expect(await inbound(networkId)).toHaveLength(1);
  });

  it('answers malformed webhooks with 400 and oversized ones with 413', async () => {
    const { phone } = await pairedPhone();
    expectErrorBody(answer(await phone.sendWebhook('sms:received', {}, { rawBody: '' })), 400, 'MALFORMED_JSON');
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', {}, { rawBody: '{"event":' })),
      400,
      'MALFORMED_JSON',
    );
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', {}, { rawBody: '[1,2]' })),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(answer(await phone.sendWebhook('sms:received', { message: 'no id or sender' })), 400);
    expectErrorBody(
      answer(await phone.sendWebhook('sms:received', { messageId: 'ab', message: 'x'.repeat(300_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('answers 403 NETWORK_DISABLED while the network is disabled', async () => {
    const { networkId, phone } = await pairedPhone();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${networkId}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
    expectErrorBody(answer(await phone.receiveSms('+14155550199', 'anyone there?')), 403, 'NETWORK_DISABLED');
    expect(await inbound(networkId)).toHaveLength(0);
  });

  it('refuses webhooks once the phone is unpaired by a token rotation', async () => {
    const { networkId, phone } = await pairedPhone();
    await t.app.inject({
      method: 'POST',
      url: `/api/networks/${networkId}/registration-token`,
      headers: admin.authorization,
    });
    // The rotation also replaced the webhook path token: the old URL no longer exists.
    expect((await phone.receiveSms('+14155550199', 'still here?')).status).toBe(404);
    expect(await inbound(networkId)).toHaveLength(0);
  });
});
