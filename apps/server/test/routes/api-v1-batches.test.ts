import type {
  ApiBatchResponse,
  ApiMessagesResponse,
  ApiSendBatchResponse,
  MessageState,
  Usage,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createV1TestBed, type V1TestBed } from '../helpers/api-v1.js';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

describe('POST /api/v1/messages/batch', () => {
  let bed: V1TestBed;
  let key: string;
  let strangerKey: string;
  let sandboxId: string;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-batches', { ALLOW_INSECURE_WEBHOOKS: '1' });
    key = await bed.newKey(bed.admin, ['messages:send', 'messages:read', 'usage:read']);
    strangerKey = await bed.newKey(bed.stranger, ['messages:send', 'messages:read']);
    const networks = await bed.t.app.inject({ method: 'GET', url: '/api/networks', headers: bed.admin.authorization });
    sandboxId = networks.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await bed.close();
  });

  const sendBatch = (payload: object, secret = key, headers: Record<string, string> = {}) =>
    bed.call(secret, 'POST', '/api/v1/messages/batch', payload, headers);
  const getBatch = (id: string, secret = key) => bed.call(secret, 'GET', `/api/v1/messages/batch/${id}`);
  const used = async () => (await bed.call(key, 'GET', '/api/v1/usage')).json<Usage>().used;
  const listOf = async (batchId: string, secret = key) =>
    (await bed.call(secret, 'GET', `/api/v1/messages?batchId=${batchId}&limit=100`)).json<ApiMessagesResponse>()
      .messages;
  const optOut = async (from: string) => {
    const stop = await bed.t.app.inject({
      method: 'POST',
      url: `/api/networks/${sandboxId}/sandbox/messages`,
      headers: bed.admin.authorization,
      payload: { from, body: 'STOP' },
    });
    expect(stop.statusCode, stop.body).toBe(201);
  };
  const setUsed = (segments: number) =>
    bed.t.app.database.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', now() at time zone time_zone)::date, ${segments} from workspaces
      where id = ${bed.admin.userData.workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);

  it('personalises, queues the accepted recipients under one batch id and names every refusal', async () => {
    await optOut('+12025550177');
    const before = await used();
    const response = await sendBatch({
      body: 'Hi {name|there}, your code is {code}',
      metadata: { campaign: 'spring' },
      recipients: [
        { to: '+12025550171', variables: { name: 'Ada', code: '111' } },
        { to: '+12025550172', variables: { code: '222' } },
        { to: 'not a number', variables: { code: '333' } },
        { to: '+1 202 555 0171', variables: { name: 'Again', code: '444' } },
        { to: '+12025550177', variables: { code: '555' } },
        { to: '+12025550178' },
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    const { batch, refusals } = response.json<ApiSendBatchResponse>();
    expect(batch).toMatchObject({
      networkId: sandboxId,
      recipients: 6,
      queued: 2,
      segments: 2,
      spread: false,
      sendAt: null,
      metadata: { campaign: 'spring' },
      refused: { optedOut: 1, invalidNumber: 1, duplicate: 1, missingVariable: 1, tooLong: 0, emptyText: 0 },
    });
    expect(refusals).toEqual([
      { index: 2, to: 'not a number', reason: 'invalid_number' },
      { index: 3, to: '+1 202 555 0171', reason: 'duplicate' },
      { index: 4, to: '+12025550177', reason: 'opted_out' },
      { index: 5, to: '+12025550178', reason: 'missing_variable' },
    ]);
    expect(await used()).toBe(before + 2);

    await eventually(async () => {
      const progress = (await getBatch(batch.id)).json<ApiBatchResponse>().batch.progress;
      return progress.delivered === 2;
    }, 'the sandbox delivered the batch');
    const messages = await listOf(batch.id);
    expect(messages.map((m) => m.body).sort()).toEqual(['Hi Ada, your code is 111', 'Hi there, your code is 222']);
    expect(messages.every((m) => m.metadata?.campaign === 'spring')).toBe(true);
  });

  it('refuses the whole batch with 402 when its segments do not fit the quota, queueing nothing', async () => {
    await setUsed(998); // the free plan's 1,000 a month: 2 left
    const before = await used();
    const refused = expectErrorBody(
      await sendBatch({
        body: 'over the top {n}',
        recipients: ['+12025550181', '+12025550182', '+12025550183'].map((to, n) => ({ to, variables: { n: `${n}` } })),
      }),
      402,
      'QUOTA_EXCEEDED',
    );
    expect(refused).toMatchObject({ remaining: 2, needed: 3 });
    expect(await used()).toBe(before);
    const all = (await bed.call(key, 'GET', '/api/v1/messages?limit=100')).json<ApiMessagesResponse>().messages;
    expect(all.some((m) => m.body.startsWith('over the top'))).toBe(false);
    const fits = await sendBatch({ body: 'just fits', recipients: [{ to: '+12025550181' }, { to: '+12025550182' }] });
    expect(fits.statusCode, fits.body).toBe(202);
    expect(await used()).toBe(1000);
    await setUsed(0);
  });

  it('spreads a large batch over the network’s rate, due times one after another', async () => {
    const recipients = Array.from({ length: 60 }, (_, i) => ({ to: `+1202555${String(2000 + i)}` }));
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const response = await sendBatch({ body: 'A large one', recipients, sendAt });
    expect(response.statusCode, response.body).toBe(202);
    const { batch } = response.json<ApiSendBatchResponse>();
    expect(batch).toMatchObject({ queued: 60, spread: true, sendAt });
    const dues = await bed.t.app.database.db.execute(
      sql`select extract(epoch from next_attempt_at) * 1000 as due from messages where batch_id = ${batch.id} order by created_at`,
    );
    const times = (dues as unknown as { rows: Array<{ due: string }> }).rows.map((r) => Number(r.due));
    expect(times[0]).toBe(Date.parse(sendAt));
    // The sandbox sends 10 segments a second: message i is due i/10 s after the first.
    expect(times[59]! - times[0]!).toBe(5_900);
    expect((await getBatch(batch.id)).json<ApiBatchResponse>().batch.progress).toEqual({ queued: 60 });
  });

  it('cancels what of a scheduled batch is still queued, giving its segments back', async () => {
    const before = await used();
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const { batch } = (
      await sendBatch({ body: 'cancel us', sendAt, recipients: [{ to: '+12025550131' }, { to: '+12025550132' }] })
    ).json<ApiSendBatchResponse>();
    expect(await used()).toBe(before + 2);
    const reader = await bed.newKey(bed.admin, ['messages:read']);
    expectErrorBody(await bed.call(reader, 'DELETE', `/api/v1/messages/batch/${batch.id}`), 403, 'INSUFFICIENT_SCOPE');
    expectErrorBody(await bed.call(strangerKey, 'DELETE', `/api/v1/messages/batch/${batch.id}`), 404, 'NOT_FOUND');
    const cancelled = await bed.call(key, 'DELETE', `/api/v1/messages/batch/${batch.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ApiBatchResponse>().batch.progress).toEqual({ cancelled: 2 });
    expect(await used()).toBe(before);
    // Again: nothing is left to cancel, nothing more is given back.
    expect((await bed.call(key, 'DELETE', `/api/v1/messages/batch/${batch.id}`)).statusCode).toBe(200);
    expect(await used()).toBe(before);
  });

  it('validates the batch', async () => {
    expectErrorBody(await sendBatch({ body: 'x', recipients: [] }), 400, 'VALIDATION_FAILED');
    const tooMany = Array.from({ length: 10_001 }, () => ({ to: '+12025550100' }));
    expectErrorBody(await sendBatch({ body: 'x', recipients: tooMany }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await sendBatch({ body: '', recipients: [{ to: '+12025550100' }] }), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await sendBatch({ body: 'x', recipients: [{ to: '+12025550100', variables: { Name: 'x' } }] }),
      400,
      'VALIDATION_FAILED',
    );
    const past = new Date(Date.now() - 1000).toISOString();
    expectErrorBody(
      await sendBatch({ body: 'x', recipients: [{ to: '+12025550100' }], sendAt: past }),
      400,
      'SEND_AT_INVALID',
    );
    expectErrorBody(
      await sendBatch({ body: 'x', recipients: [{ to: '+12025550100' }], callbackUrl: 'https://192.168.1.1/x' }),
      400,
      'WEBHOOK_URL_NOT_ALLOWED',
    );
    expectErrorBody(await getBatch('not-a-uuid'), 400, 'VALIDATION_FAILED');
  });

  it('needs messages:send to send and messages:read to read', async () => {
    const reader = await bed.newKey(bed.admin, ['messages:read']);
    const sender = await bed.newKey(bed.admin, ['messages:send']);
    expectErrorBody(
      await sendBatch({ body: 'x', recipients: [{ to: '+12025550100' }] }, reader),
      403,
      'INSUFFICIENT_SCOPE',
    );
    const { batch } = (
      await sendBatch({ body: 'scoped', recipients: [{ to: '+12025550100' }] }, sender)
    ).json<ApiSendBatchResponse>();
    expectErrorBody(await getBatch(batch.id, sender), 403, 'INSUFFICIENT_SCOPE');
    expect((await getBatch(batch.id, reader)).statusCode).toBe(200);
  });

  it('keeps batches to the key’s workspace', async () => {
    const { batch } = (
      await sendBatch({ body: 'ours', recipients: [{ to: '+12025550190' }] })
    ).json<ApiSendBatchResponse>();
    expectErrorBody(await getBatch(batch.id, strangerKey), 404, 'NOT_FOUND');
    expect(await listOf(batch.id, strangerKey)).toEqual([]);
    expectErrorBody(
      await sendBatch({ body: 'x', recipients: [{ to: '+12025550100' }], networkId: sandboxId }, strangerKey),
      404,
      'NOT_FOUND',
    );
  });

  it('queues a batch once when requests with one Idempotency-Key race', async () => {
    const headers = { 'idempotency-key': 'batch-race-1' };
    const payload = { body: 'raced batch', recipients: [{ to: '+12025550161' }, { to: '+12025550162' }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendBatch(payload, key, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const ids = new Set(answers.map((a) => a.json<ApiSendBatchResponse>().batch.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const all = (await bed.call(key, 'GET', '/api/v1/messages?limit=100')).json<ApiMessagesResponse>().messages;
    expect(all.filter((m) => m.body === 'raced batch')).toHaveLength(2);
    expectErrorBody(await sendBatch({ ...payload, body: 'other' }, key, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('delivers each message’s states to the batch’s callbackUrl', async () => {
    const { batch } = (
      await sendBatch({
        body: 'called back',
        recipients: [{ to: '+12025550151' }, { to: '+12025550152' }],
        callbackUrl: `${receiver.url}/batch`,
      })
    ).json<ApiSendBatchResponse>();
    expect(batch.callbackUrl).toBe(`${receiver.url}/batch`);
    const delivered = () =>
      receiver.received.filter((r) => r.url === '/hooks/batch' && r.body.includes('"message.delivered"'));
    await eventually(() => delivered().length === 2, 'both messages’ delivered callbacks');
    const ids = (await listOf(batch.id)).map((m) => m.id).sort();
    const called = delivered()
      .map((r) => (JSON.parse(r.body) as { data: { message: { id: string } } }).data.message.id)
      .sort();
    expect(called).toEqual(ids);
    const states = (await getBatch(batch.id)).json<ApiBatchResponse>().batch.progress;
    expect(states).toEqual({ delivered: 2 } satisfies Partial<Record<MessageState, number>>);
  });
});
