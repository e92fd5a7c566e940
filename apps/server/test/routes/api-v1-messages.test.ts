import type { ApiMessageResponse, ApiMessagesResponse, ApiNetworksResponse, Usage } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { createV1TestBed, type V1TestBed } from '../helpers/api-v1.js';
import { register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const PHONE = '+12025550123';

describe('/api/v1/messages and /api/v1/networks', () => {
  let bed: V1TestBed;
  let t: TestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let key: string;
  let strangerKey: string;
  let sandboxId: string;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-messages');
    ({ t, admin, stranger } = bed);
    key = await newKey(admin, ['messages:send', 'messages:read', 'usage:read']);
    strangerKey = await newKey(stranger, ['messages:send', 'messages:read']);
    const networks = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = networks.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
  });
  afterAll(() => bed.close());

  const newKey: V1TestBed['newKey'] = (who, scopes) => bed.newKey(who, scopes);
  const send = (payload: object, secret = key, headers: Record<string, string> = {}) =>
    bed.call(secret, 'POST', '/api/v1/messages', payload, headers);
  const get = (url: string, secret = key) => bed.call(secret, 'GET', url);
  const cancel = (id: string, secret = key) => bed.call(secret, 'DELETE', `/api/v1/messages/${id}`);
  const used = async () => (await get('/api/v1/usage')).json<Usage>().used;

  it('sends through the default network and answers a public shape that is later delivered', async () => {
    const response = await send({ to: PHONE, body: 'Your code is 1234', metadata: { orderId: 'A-17' } });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json<ApiMessageResponse>();
    expect(message).toEqual({
      id: expect.any(String) as string,
      direction: 'out',
      state: 'queued',
      phoneNumber: PHONE,
      networkId: sandboxId,
      body: 'Your code is 1234',
      encoding: 'GSM-7',
      segments: 1,
      metadata: { orderId: 'A-17' },
      errorCode: null,
      errorText: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
      receivedAt: null,
    });
    expect(response.body).not.toContain(admin.userData.workspaceId);
    await eventually(
      async () =>
        (await get(`/api/v1/messages/${message.id}`)).json<ApiMessageResponse>().message.state === 'delivered',
      'the sandbox delivered the message',
    );
    const read = (await get(`/api/v1/messages/${message.id}`)).json<ApiMessageResponse>().message;
    expect(read).toMatchObject({ metadata: { orderId: 'A-17' }, sentAt: expect.any(String) as string });
  });

  it('lists newest first with filters and follows next links to the end', async () => {
    const sent: string[] = [];
    for (const body of ['page one', 'page two', 'page three']) {
      sent.push((await send({ to: '+12025550188', body })).json<ApiMessageResponse>().message.id);
    }
    const seen: string[] = [];
    let url: string | null = `/api/v1/messages?direction=out&networkId=${sandboxId}&limit=2`;
    while (url) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      const page: ApiMessagesResponse = response.json<ApiMessagesResponse>();
      expect(page.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.messages.map((m) => m.id));
      url = page.next;
      if (url) expect(url).toMatch(/^\/api\/v1\/messages\?.*direction=out.*cursor=/);
    }
    expect(seen.slice(0, 3)).toEqual([...sent].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    expect((await get('/api/v1/messages?direction=in')).json<ApiMessagesResponse>().messages).toEqual([]);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await get(`/api/v1/messages?from=${future}`)).json<ApiMessagesResponse>().messages).toEqual([]);
    const before = (await get(`/api/v1/messages?to=${future}&limit=100`)).json<ApiMessagesResponse>().messages;
    expect(before.map((m) => m.id)).toEqual(expect.arrayContaining(sent));
    expectErrorBody(await get('/api/v1/messages?cursor=bogus'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/v1/messages?limit=1000'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await get('/api/v1/messages?state=lost'), 400, 'VALIDATION_FAILED');
  });

  it('cancels a message still queued, giving its segments back, and refuses one that left the queue', async () => {
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'android', name: 'Phone that never polls' },
    });
    const phoneNetworkId = phone.json<{ network: { id: string } }>().network.id;
    const before = await used();
    const queued = (await send({ to: PHONE, body: 'cancel me', networkId: phoneNetworkId })).json<ApiMessageResponse>();
    expect(await used()).toBe(before + 1);
    const cancelled = await cancel(queued.message.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<ApiMessageResponse>().message.state).toBe('cancelled');
    expect(await used()).toBe(before);
    expectErrorBody(await cancel(queued.message.id), 409, 'MESSAGE_NOT_CANCELLABLE');

    const delivered = (await send({ to: PHONE, body: 'too late', networkId: sandboxId })).json<ApiMessageResponse>()
      .message;
    await eventually(
      async () =>
        (await get(`/api/v1/messages/${delivered.id}`)).json<ApiMessageResponse>().message.state === 'delivered',
      'the sandbox delivered the message',
    );
    expectErrorBody(await cancel(delivered.id), 409, 'MESSAGE_NOT_CANCELLABLE');
    // A real channel is the default; the sandbox is the default only of a workspace without one.
    const networks = (await get('/api/v1/networks')).json<ApiNetworksResponse>().networks;
    expect(networks.find((n) => n.isDefault)?.id).toBe(phoneNetworkId);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${phoneNetworkId}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
    expect((await get('/api/v1/networks')).json<ApiNetworksResponse>().networks.find((n) => n.isDefault)?.id).toBe(
      sandboxId,
    );
  });

  it('refuses an opted-out recipient (409) and a send past the quota (402), queueing nothing', async () => {
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/networks/${sandboxId}/sandbox/messages`,
      headers: admin.authorization,
      payload: { from: '+12025550199', body: 'STOP' },
    });
    expect(stop.statusCode, stop.body).toBe(201);
    expectErrorBody(await send({ to: '+12025550199', body: 'hello?' }), 409, 'CONTACT_OPTED_OUT');

    await t.app.database.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', now() at time zone time_zone)::date, 1000 from workspaces
      where id = ${admin.userData.workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);
    const refused = expectErrorBody(await send({ to: PHONE, body: 'over quota' }), 402, 'QUOTA_EXCEEDED');
    expect(refused).toMatchObject({ remaining: 0 });
    const bodies = (await get('/api/v1/messages?limit=100')).json<ApiMessagesResponse>().messages.map((m) => m.body);
    expect(bodies).not.toContain('hello?');
    expect(bodies).not.toContain('over quota');
    await t.app.database.db.execute(
      sql`update usage_periods set segments = 0 where workspace_id = ${admin.userData.workspaceId}`,
    );
  });

  it('validates input with 400s and names the missing scope', async () => {
    expectErrorBody(await send({ to: '12345', body: 'hi' }), 400, 'INVALID_PHONE_NUMBER');
    expectErrorBody(await send({ to: PHONE, body: '' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await send({ to: PHONE, body: 'hi', networkId: 'abc' }), 400, 'VALIDATION_FAILED');
    expectErrorBody(await send({ to: PHONE, body: 'hi', metadata: { a: 1 } }), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await send({ to: PHONE, body: 'hi', metadata: { ['k'.repeat(41)]: 'v' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(await get('/api/v1/messages/not-a-uuid'), 400, 'VALIDATION_FAILED');
    const reader = await newKey(admin, ['messages:read']);
    expect(expectErrorBody(await send({ to: PHONE, body: 'hi' }, reader), 403, 'INSUFFICIENT_SCOPE').error).toContain(
      'messages:send',
    );
    const usageOnly = await newKey(admin, ['usage:read']);
    expectErrorBody(await get('/api/v1/messages', usageOnly), 403, 'INSUFFICIENT_SCOPE');
    expectErrorBody(await get('/api/v1/networks', usageOnly), 403, 'INSUFFICIENT_SCOPE');
  });

  it('keeps messages and networks to the key’s workspace', async () => {
    const mine = (await send({ to: PHONE, body: 'private' })).json<ApiMessageResponse>().message;
    expectErrorBody(await get(`/api/v1/messages/${mine.id}`, strangerKey), 404, 'NOT_FOUND');
    expectErrorBody(await cancel(mine.id, strangerKey), 404, 'NOT_FOUND');
    expectErrorBody(await send({ to: PHONE, body: 'x', networkId: sandboxId }, strangerKey), 404, 'NOT_FOUND');
    const theirs = (await get('/api/v1/messages?limit=100', strangerKey)).json<ApiMessagesResponse>().messages;
    expect(theirs.map((m) => m.id)).not.toContain(mine.id);
    const networks = (await get('/api/v1/networks', strangerKey)).json<ApiNetworksResponse>().networks;
    expect(networks.map((n) => n.id)).not.toContain(sandboxId);
    expect(networks).toEqual([
      expect.objectContaining({
        kind: 'sandbox',
        enabled: true,
        isDefault: true,
      }) as ApiNetworksResponse['networks'][0],
    ]);
    expect(Object.keys(networks[0]!).sort()).toEqual([
      'address',
      'enabled',
      'id',
      'isDefault',
      'kind',
      'name',
      'status',
    ]);
  });

  describe('Idempotency-Key', () => {
    const countBodies = async (body: string) =>
      (await get('/api/v1/messages?limit=100')).json<ApiMessagesResponse>().messages.filter((m) => m.body === body)
        .length;

    it('answers a retry with the first answer and queues once', async () => {
      const headers = { 'idempotency-key': 'order-1001' };
      const first = await send({ to: PHONE, body: 'once only' }, key, headers);
      const again = await send({ to: PHONE, body: 'once only' }, key, headers);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json<ApiMessageResponse>()).toEqual(first.json<ApiMessageResponse>());
      expect(await countBodies('once only')).toBe(1);
      expectErrorBody(await send({ to: PHONE, body: 'something else' }, key, headers), 422, 'IDEMPOTENCY_KEY_REUSED');
      // The same key in another workspace is another key.
      expect((await send({ to: PHONE, body: 'once only' }, strangerKey, headers)).statusCode).toBe(201);
    });

    it('queues once when requests with one key race', async () => {
      const headers = { 'idempotency-key': 'race-7' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => send({ to: PHONE, body: 'raced' }, key, headers)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const ids = new Set(answers.map((a) => a.json<ApiMessageResponse>().message.id));
      expect(ids.size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      expect(await countBodies('raced')).toBe(1);
    });

    it('lets a key be used again after its request was refused', async () => {
      const headers = { 'idempotency-key': 'after-refusal' };
      expectErrorBody(await send({ to: '+12025550199', body: 'retry me' }, key, headers), 409, 'CONTACT_OPTED_OUT');
      const ok = await send({ to: PHONE, body: 'retry me' }, key, headers);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  it('answers 409 NO_NETWORK when no network is enabled and none is named', async () => {
    const lonely = await register(t.app, 'owner@lonely-v1.example', 'Lonely');
    const lonelyKey = await newKey(lonely, ['messages:send']);
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: lonely.authorization });
    const id = list.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${id}`,
      headers: lonely.authorization,
      payload: { enabled: false },
    });
    expectErrorBody(await send({ to: PHONE, body: 'anyone?' }, lonelyKey), 409, 'NO_NETWORK');
  });
});
