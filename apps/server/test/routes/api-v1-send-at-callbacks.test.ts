import type { ApiCallbackSecretResponse, ApiMessageResponse, Usage } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV1TestBed, type V1TestBed } from '../helpers/api-v1.js';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import {
  readmeVerifier,
  startWebhookReceiver,
  type Verify,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';

const PHONE = '+12025550141';
const HOUR = 3_600_000;

describe('POST /api/v1/messages with sendAt and callbackUrl', () => {
  let bed: V1TestBed;
  let key: string;
  let strangerKey: string;
  let receiver: WebhookReceiver;
  let verify: Verify;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-send-at', { ALLOW_INSECURE_WEBHOOKS: '1' });
    key = await bed.newKey(bed.admin, ['messages:send', 'messages:read', 'usage:read']);
    strangerKey = await bed.newKey(bed.stranger, ['messages:send', 'messages:read']);
    receiver = await startWebhookReceiver();
    verify = await readmeVerifier();
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  const send = (payload: object, secret = key) => bed.call(secret, 'POST', '/api/v1/messages', payload);
  const read = async (id: string) =>
    (await bed.call(key, 'GET', `/api/v1/messages/${id}`)).json<ApiMessageResponse>().message;
  const used = async () => (await bed.call(key, 'GET', '/api/v1/usage')).json<Usage>().used;
  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

  it('queues a message with sendAt now but sends it only once its time has come', async () => {
    const before = await used();
    const later = await send({ to: PHONE, body: 'at nine', sendAt: inAnHour() });
    expect(later.statusCode, later.body).toBe(201);
    const { message } = later.json<ApiMessageResponse>();
    expect(message.state).toBe('queued');
    expect(await used()).toBe(before + 1); // booked now

    // A message queued after it on the same network is sent: the dispatcher has claimed since, and passed it by.
    const now = (await send({ to: PHONE, body: 'right away' })).json<ApiMessageResponse>().message;
    await eventually(async () => (await read(now.id)).state === 'delivered', 'the later message was delivered');
    expect((await read(message.id)).state).toBe('queued');

    // The clock reaches sendAt (its due time moved to the past instead of waiting an hour).
    await bed.t.app.database.db.execute(
      sql`update messages set next_attempt_at = now() - interval '1 second' where id = ${message.id}`,
    );
    await eventually(async () => (await read(message.id)).state === 'delivered', 'the due message was delivered');
  });

  it('offers an Android phone a scheduled message only once it is due', async () => {
    const phone = await bed.t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: bed.admin.authorization,
      payload: { kind: 'android', name: 'Phone' },
    });
    const networkId = phone.json<{ network: { id: string } }>().network.id;
    const later = (
      await send({ to: PHONE, body: 'phone later', networkId, sendAt: inAnHour() })
    ).json<ApiMessageResponse>().message;
    const now = (await send({ to: PHONE, body: 'phone now', networkId })).json<ApiMessageResponse>().message;
    const pending = async () =>
      (await bed.t.app.services.messaging.outboundQueue.pendingForPhone(networkId, 'fifo', 10)).map((m) => m.id);
    expect(await pending()).toEqual([now.id]);
    await bed.t.app.database.db.execute(
      sql`update messages set next_attempt_at = now() - interval '1 second' where id = ${later.id}`,
    );
    expect(await pending()).toEqual([later.id, now.id]);
    // A phone network is the default network while enabled: the other tests send through the sandbox.
    await bed.t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${networkId}`,
      headers: bed.admin.authorization,
      payload: { enabled: false },
    });
  });

  it('cancels a scheduled message with DELETE and gives its segments back', async () => {
    const before = await used();
    const { message } = (await send({ to: PHONE, body: 'never mind', sendAt: inAnHour() })).json<ApiMessageResponse>();
    expect(await used()).toBe(before + 1);
    const cancelled = await bed.call(key, 'DELETE', `/api/v1/messages/${message.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ApiMessageResponse>().message.state).toBe('cancelled');
    expect(await used()).toBe(before);
  });

  it('refuses a sendAt in the past or more than 30 days ahead, and one that is no date', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(expectErrorBody(await send({ to: PHONE, body: 'x', sendAt: past }), 400, 'SEND_AT_INVALID').error).toMatch(
      /not in the future/,
    );
    const far = new Date(Date.now() + 31 * 24 * HOUR).toISOString();
    expectErrorBody(await send({ to: PHONE, body: 'x', sendAt: far }), 400, 'SEND_AT_INVALID');
    expectErrorBody(await send({ to: PHONE, body: 'x', sendAt: 'tomorrow' }), 400, 'VALIDATION_FAILED');
  });

  it('delivers the message’s sent and delivered states to its callbackUrl, signed with the key’s callback secret', async () => {
    const secretAnswer = await bed.call(key, 'GET', '/api/v1/callback-secret');
    expect(secretAnswer.statusCode, secretAnswer.body).toBe(200);
    const { secret } = secretAnswer.json<ApiCallbackSecretResponse>();
    expect(secret).toMatch(/^whsec_/);
    const callbackUrl = `${receiver.url}/order-77`;
    const sent = await send({ to: PHONE, body: 'tell me how it went', callbackUrl });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message } = sent.json<ApiMessageResponse>();
    const mine = () => receiver.received.filter((r) => r.url === '/hooks/order-77');
    await eventually(() => mine().length >= 2, 'sent and delivered reached the callback URL');
    const types = mine().map((r) => JSON.parse(r.body) as { type: string; data: { message: { id: string } } });
    expect(types.map((e) => e.type).sort()).toEqual(['message.delivered', 'message.sent']);
    expect(types.every((e) => e.data.message.id === message.id)).toBe(true);
    for (const request of mine()) {
      expect(verify(request.body, String(request.headers['switchboard-signature']), secret)).toBe(true);
    }
    // Another key has another secret: its receiver can tell the callbacks apart.
    const other = (await bed.call(strangerKey, 'GET', '/api/v1/callback-secret')).json<ApiCallbackSecretResponse>();
    expect(other.secret).not.toBe(secret);
    expect(verify(mine()[0]!.body, String(mine()[0]!.headers['switchboard-signature']), other.secret)).toBe(false);
    // A callback target is no endpoint of the workspace's webhook list.
    const list = await bed.t.app.inject({ method: 'GET', url: '/api/webhooks', headers: bed.admin.authorization });
    expect(list.body).not.toContain('order-77');
  });

  it('sends nothing to the callback URL of other messages', async () => {
    const plain = (await send({ to: PHONE, body: 'no callback here' })).json<ApiMessageResponse>().message;
    await eventually(async () => (await read(plain.id)).state === 'delivered', 'delivered');
    const withCallback = (
      await send({ to: PHONE, body: 'with callback', callbackUrl: `${receiver.url}/second` })
    ).json<ApiMessageResponse>().message;
    await eventually(
      () => receiver.received.some((r) => r.url === '/hooks/second' && r.body.includes('message.delivered')),
      'the second callback',
    );
    expect(receiver.received.some((r) => r.body.includes(plain.id))).toBe(false);
    expect(receiver.received.some((r) => r.body.includes(withCallback.id))).toBe(true);
  });

  it('retries a callback the receiver refused, with each attempt in the delivery log', async () => {
    receiver.answers.push(500, 500);
    const { message } = (
      await send({ to: PHONE, body: 'flaky receiver', callbackUrl: `${receiver.url}/flaky` })
    ).json<ApiMessageResponse>();
    type Attempt = { state: string; attempts: number; status_code: number };
    const logged = async () =>
      (
        (await bed.t.app.database.db.execute(
          sql`select d.state, d.attempts, a.status_code from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id
            join webhook_attempts a on a.delivery_id = d.id
            where e.callback_key_id is not null and e.url like '%/flaky' and d.body like ${`%${message.id}%`}`,
        )) as unknown as { rows: Attempt[] }
      ).rows;
    // sent and delivered were each tried once, refused, and wait for their retry (minutes away).
    await eventually(
      async () => (await logged()).filter((a) => a.state === 'pending').length === 2,
      'both refused attempts were logged',
    );
    expect(await logged()).toEqual([
      { state: 'pending', attempts: 1, status_code: 500 },
      { state: 'pending', attempts: 1, status_code: 500 },
    ]);
  });

  it('refuses callback URLs the SSRF guard does not allow', async () => {
    for (const callbackUrl of [
      'http://example.com/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest',
      'https://user:pw@example.com/',
    ]) {
      expectErrorBody(await send({ to: PHONE, body: 'x', callbackUrl }), 400, 'WEBHOOK_URL_NOT_ALLOWED');
    }
    expectErrorBody(await send({ to: PHONE, body: 'x', callbackUrl: 'not a url' }), 400, 'VALIDATION_FAILED');
  });

  it('needs messages:send for the callback secret', async () => {
    const reader = await bed.newKey(bed.admin, ['messages:read']);
    expectErrorBody(await bed.call(reader, 'GET', '/api/v1/callback-secret'), 403, 'INSUFFICIENT_SCOPE');
  });
});
