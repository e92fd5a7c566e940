import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/expectations.js';
import {
  createSmsgateTestBed,
  expectSmsgateError,
  SMSGATE_BASE,
  type SmsgateKey,
  type SmsgateTestBed,
} from '../helpers/smsgate-api.js';

const PHONE = '+12025550123';

interface MessageState {
  id: string;
  deviceId: string | null;
  state: string;
  isHashed: boolean;
  isEncrypted: boolean;
  recipients: Array<{ phoneNumber: string; state: string; error?: string }>;
  states: Record<string, string>;
  textMessage?: { text: string };
}

describe('/api/3rdparty/v1 messages', () => {
  let bed: SmsgateTestBed;
  let key: SmsgateKey;
  let strangerKey: SmsgateKey;
  let sandboxId: string;
  let phoneNetworkId: string;
  beforeAll(async () => {
    bed = await createSmsgateTestBed('smsgate-messages');
    key = await bed.newKey(bed.admin, ['messages:send', 'messages:read']);
    strangerKey = await bed.newKey(bed.stranger, ['messages:send', 'messages:read']);
    const networks = await bed.t.app.inject({ method: 'GET', url: '/api/networks', headers: bed.admin.authorization });
    sandboxId = networks.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
  });
  afterAll(() => bed.close());

  /**
   * An Android network whose phone never polls, so its messages stay queued; disabled after use,
   * so sends without deviceId keep going through the sandbox (the default prefers a real network).
   */
  const withPhoneNetwork = async (use: () => Promise<void>) => {
    const phone = await bed.t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: bed.admin.authorization,
      payload: { kind: 'android', name: 'Phone that never polls' },
    });
    phoneNetworkId = phone.json<{ network: { id: string } }>().network.id;
    await use();
    const disabled = await bed.t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${phoneNetworkId}`,
      headers: bed.admin.authorization,
      payload: { enabled: false },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
  };

  const send = (payload: object, who: SmsgateKey = key, query = '') =>
    bed.call(who.basic, 'POST', `/message${query}`, payload);
  const state = async (id: string, who: SmsgateKey = key) =>
    (await bed.call(who.basic, 'GET', `/message/${id}`)).json<MessageState>();

  it('sends one message to several recipients (202 + Location) and reports them until Delivered', async () => {
    const response = await send({ message: 'Your code is 1234', phoneNumbers: [PHONE, '+12025550124'], ttl: 3600 });
    expect(response.statusCode, response.body).toBe(202);
    const sent = response.json<MessageState>();
    expect(sent.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(response.headers.location).toBe(`${SMSGATE_BASE}/messages/${sent.id}`);
    expect(sent).toMatchObject({
      deviceId: sandboxId,
      state: 'Pending',
      isHashed: false,
      isEncrypted: false,
      recipients: [
        { phoneNumber: PHONE, state: 'Pending' },
        { phoneNumber: '+12025550124', state: 'Pending' },
      ],
      textMessage: { text: 'Your code is 1234' },
    });
    expect(Object.keys(sent.states)).toEqual(['Pending']);
    await eventually(async () => (await state(sent.id)).state === 'Delivered', 'the sandbox delivered both');
    const delivered = await state(sent.id);
    expect(delivered.recipients.map((r) => r.state)).toEqual(['Delivered', 'Delivered']);
    expect(Object.keys(delivered.states)).toEqual(['Pending', 'Processed', 'Sent', 'Delivered']);
    const plural = await bed.call(key.basic, 'GET', `/messages/${sent.id}`);
    expect(plural.json<MessageState>().state).toBe('Delivered');
    // Our own API sees the same messages, each with the SMSGate id.
    const v1 = await bed.t.app.inject({
      method: 'GET',
      url: '/api/v1/messages?limit=2',
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(v1.json<{ messages: Array<{ metadata: unknown }> }>().messages[0]!.metadata).toEqual({ smsgateId: sent.id });
  });

  it('accepts textMessage, the plural path, a client id (409 when used again) and numbers as the reference reads them', async () => {
    const first = await bed.call(key.basic, 'POST', '/messages', {
      id: 'order-17',
      textMessage: { text: 'Shipped' },
      phoneNumbers: ['89161234567'],
    });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json<MessageState>()).toMatchObject({ id: 'order-17', recipients: [{ phoneNumber: '+79161234567' }] });
    expectSmsgateError(
      await send({ id: 'order-17', message: 'again', phoneNumbers: [PHONE] }),
      409,
      'MESSAGE_ID_TAKEN',
    );
    // Ids are per workspace: another one may use the same.
    expect((await send({ id: 'order-17', message: 'mine', phoneNumbers: [PHONE] }, strangerKey)).statusCode).toBe(202);
    const skipped = await send({ message: 'hi', phoneNumbers: ['12025550125'] }, key, '?skipPhoneValidation=true');
    expect(skipped.json<MessageState>().recipients[0]!.phoneNumber).toBe('+12025550125');
  });

  it('refuses bad sends with 400 and says why', async () => {
    const bad = async (payload: object, query = '') => expectSmsgateError(await send(payload, key, query), 400);
    await bad({ phoneNumbers: [PHONE] });
    await bad({ message: 'a', textMessage: { text: 'b' }, phoneNumbers: [PHONE] });
    expect((await bad({ dataMessage: { data: 'AAE=', port: 53739 }, phoneNumbers: [PHONE] })).message).toMatch(
      /Data messages are not supported/,
    );
    await bad({ message: 'x', phoneNumbers: [PHONE], isEncrypted: true });
    await bad({ message: 'x', phoneNumbers: [] });
    await bad({
      message: 'x',
      phoneNumbers: Array.from({ length: 101 }, (_, i) => `+1202555${String(i).padStart(4, '0')}`),
    });
    await bad({ message: 'x', phoneNumbers: [PHONE, '+1 202 555 0123'] });
    await bad({ message: 'x', phoneNumbers: ['not a number'] });
    await bad({ message: 'x', phoneNumbers: [PHONE], id: 'x'.repeat(37) });
    await bad({
      message: 'x',
      phoneNumbers: [PHONE],
      ttl: 60,
      validUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    await bad({
      message: 'x',
      phoneNumbers: [PHONE],
      scheduleAt: new Date(Date.now() + 31 * 86_400_000).toISOString(),
    });
    await bad({
      message: 'x',
      phoneNumbers: [PHONE],
      ttl: 60,
      scheduleAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await bad({ message: 'x', phoneNumbers: [PHONE], deviceId: sandboxId });
    await bad({ message: 'x', phoneNumbers: [PHONE], deviceId: 'no-such-device' });
    await bad({ message: 'x', phoneNumbers: [PHONE] }, '?skipPhoneValidation=maybe');
  });

  it('holds a message scheduled for later in the queue (Pending, cancellable) until its time', async () => {
    const scheduled = await send({
      message: 'later',
      phoneNumbers: [PHONE],
      scheduleAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    const { id } = scheduled.json<MessageState>();
    // A message due now, sent after it, is delivered while the scheduled one waits.
    const now = (await send({ message: 'now', phoneNumbers: [PHONE] })).json<MessageState>();
    await eventually(async () => (await state(now.id)).state === 'Delivered', 'the unscheduled one was delivered');
    expect((await state(id)).state).toBe('Pending');
    const cancelled = await bed.call(key.basic, 'DELETE', `/message/${id}`);
    expect(cancelled.json<MessageState>().state).toBe('Cancelled');
  });

  it('refuses the whole send when one recipient opted out (409) or the quota is used up (402), queueing nothing', async () => {
    const stop = await bed.t.app.inject({
      method: 'POST',
      url: `/api/networks/${sandboxId}/sandbox/messages`,
      headers: bed.admin.authorization,
      payload: { from: '+12025550199', body: 'STOP' },
    });
    expect(stop.statusCode, stop.body).toBe(201);
    const before = (await bed.call(key.basic, 'GET', '/messages')).headers['x-total-count'];
    expectSmsgateError(
      await send({ id: 'opted-out', message: 'hello?', phoneNumbers: [PHONE, '+12025550199'] }),
      409,
      'CONTACT_OPTED_OUT',
    );
    expectSmsgateError(await bed.call(key.basic, 'GET', '/message/opted-out'), 404, 'NOT_FOUND');
    const workspaceId = bed.admin.userData.workspaceId;
    await bed.t.app.database.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', now() at time zone time_zone)::date, 1000 from workspaces where id = ${workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);
    expectSmsgateError(await send({ message: 'over quota', phoneNumbers: [PHONE] }), 402, 'QUOTA_EXCEEDED');
    await bed.t.app.database.db.execute(sql`update usage_periods set segments = 0 where workspace_id = ${workspaceId}`);
    expect((await bed.call(key.basic, 'GET', '/messages')).headers['x-total-count']).toBe(before);
  });

  it('cancels a Pending message (its recipients cancelled), then 409; 404 for unknown or foreign ids', () =>
    withPhoneNetwork(async () => {
      const queued = (
        await send({ message: 'cancel me', phoneNumbers: [PHONE, '+12025550126'], deviceId: phoneNetworkId })
      ).json<MessageState>();
      expect(queued).toMatchObject({ state: 'Pending', deviceId: phoneNetworkId });
      expectSmsgateError(await bed.call(strangerKey.basic, 'DELETE', `/message/${queued.id}`), 404, 'NOT_FOUND');
      const cancelled = await bed.call(key.basic, 'DELETE', `/message/${queued.id}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<MessageState>()).toMatchObject({
        state: 'Cancelled',
        recipients: [{ state: 'Cancelled' }, { state: 'Cancelled' }],
      });
      expect(Object.keys(cancelled.json<MessageState>().states)).toEqual(['Pending', 'Cancelled']);
      expectSmsgateError(await bed.call(key.basic, 'DELETE', `/message/${queued.id}`), 409, 'MESSAGE_NOT_CANCELLABLE');
      expectSmsgateError(await bed.call(key.basic, 'DELETE', '/message/nope'), 404);
      const missing = await bed.call(key.basic, 'GET', '/message/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: 'message not found' });
    }));

  it('keeps messages to the key’s workspace', async () => {
    const mine = (await send({ message: 'private', phoneNumbers: [PHONE] })).json<MessageState>();
    expectSmsgateError(await bed.call(strangerKey.basic, 'GET', `/message/${mine.id}`), 404);
    const theirs = (await bed.call(strangerKey.basic, 'GET', '/messages?limit=100')).json<MessageState[]>();
    expect(theirs.map((m) => m.id)).not.toContain(mine.id);
    expectSmsgateError(
      await send({ message: 'x', phoneNumbers: [PHONE], deviceId: phoneNetworkId }, strangerKey),
      400,
      'VALIDATION_FAILED',
    );
    expectSmsgateError(
      await send({ message: 'x', phoneNumbers: [PHONE], deviceId: phoneNetworkId }),
      403,
      'NETWORK_DISABLED',
    );
  });

  it('lists in pages with X-Total-Count, filters by state, device and time, sorts, and shows content on request', async () => {
    const all = await bed.call(key.basic, 'GET', '/messages?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    const total = Number(all.headers['x-total-count']);
    const everything = all.json<MessageState[]>();
    expect(everything).toHaveLength(total);
    expect(everything[0]!.textMessage).toBeUndefined();

    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await bed.call(key.basic, 'GET', `/messages?limit=2&offset=${offset}`);
      expect(page.headers['x-total-count']).toBe(String(total));
      seen.push(...page.json<MessageState[]>().map((m) => m.id));
    }
    expect(seen).toEqual(everything.map((m) => m.id));
    const past = await bed.call(key.basic, 'GET', `/messages?offset=${total + 5}`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(total));

    const oldest = (await bed.call(key.basic, 'GET', '/messages?sort=created_at&limit=100')).json<MessageState[]>();
    expect(oldest.map((m) => m.id)).toEqual([...seen].reverse());
    const cancelled = await bed.call(key.basic, 'GET', '/messages?state=Cancelled&includeContent=true');
    expect(cancelled.headers['x-total-count']).toBe('2');
    expect(cancelled.json<MessageState[]>()[0]).toMatchObject({
      state: 'Cancelled',
      textMessage: { text: 'cancel me' },
    });
    const onPhone = await bed.call(key.basic, 'GET', `/messages?deviceId=${phoneNetworkId}`);
    expect(onPhone.json<MessageState[]>().map((m) => m.deviceId)).toEqual([phoneNetworkId]);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await bed.call(key.basic, 'GET', `/messages?from=${future}`)).headers['x-total-count']).toBe('0');
    expect((await bed.call(key.basic, 'GET', `/messages?to=${future}`)).headers['x-total-count']).toBe(String(total));
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'state=Lost', 'sort=name', 'from=yesterday']) {
      expectSmsgateError(await bed.call(key.basic, 'GET', `/messages?${query}`), 400, 'VALIDATION_FAILED');
    }
  });
});
