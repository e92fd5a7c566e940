import type { Message, MessageResponse, NetworkResponse } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { createListeningTestApp, pairPhone } from '../helpers/smsgate-device.js';
import { register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('an SMSGate phone sending our messages', () => {
  let t: TestApp & { baseUrl: string };
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createListeningTestApp();
    admin = await register(t.app, 'owner@android-messages.test');
  });
  afterAll(() => t.close());

  const pairedPhone = () => pairPhone(t, admin.authorization);

  async function send(networkId: string, to = '+14155550123', body = 'Hello from Switchboard'): Promise<Message> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.authorization,
      payload: { networkId, to, body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as MessageResponse).message;
  }

  async function messageState(id: string): Promise<Message> {
    const response = await t.app.inject({ method: 'GET', url: `/api/messages/${id}`, headers: admin.authorization });
    return (response.json() as MessageResponse).message;
  }

  async function streaming(networkId: string): Promise<boolean> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/networks/${networkId}`,
      headers: admin.authorization,
    });
    const settings = (response.json() as NetworkResponse).network.settings as { device: { streaming: boolean } | null };
    return settings.device?.streaming ?? false;
  }

  it('takes a message from queued to delivered: event, pull, Processed, Sent, Delivered', async () => {
    const { networkId, phone } = await pairedPhone();
    const events = await phone.openEvents();
    try {
      expect(events.status).toBe(200);
      expect(events.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // On (re)connect the phone is told to refresh its webhooks and settings.
      await events.next('WebhooksUpdated');
      await events.next('SettingsUpdated');
      expect(await streaming(networkId)).toBe(true);

      const queued = await send(networkId);
      expect(queued.state).toBe('queued');
      expect((await events.next('MessageEnqueued')).data).toBeNull();

      const pulled = await phone.pullMessages();
      expect(pulled.status).toBe(200);
      expect(pulled.body).toEqual([
        {
          id: queued.id,
          message: 'Hello from Switchboard',
          textMessage: { text: 'Hello from Switchboard' },
          phoneNumbers: ['+14155550123'],
          withDeliveryReport: true,
          isEncrypted: false,
          priority: 0,
          state: 'Pending',
          createdAt: queued.createdAt,
        },
      ]);

      expect((await phone.reportState(queued.id, 'Processed')).status).toBe(204);
      expect((await messageState(queued.id)).state).toBe('sending');
      expect((await phone.reportState(queued.id, 'Sent')).status).toBe(204);
      expect((await messageState(queued.id)).state).toBe('sent');
      expect((await phone.reportState(queued.id, 'Delivered')).status).toBe(204);
      const delivered = await messageState(queued.id);
      expect(delivered.state).toBe('delivered');
      expect(delivered.deliveredAt).not.toBeNull();
      // A repeated report changes nothing, and a late Sent never moves the message back.
      expect((await phone.reportState(queued.id, 'Sent')).status).toBe(204);
      expect((await messageState(queued.id)).state).toBe('delivered');

      expect((await phone.pullMessages()).body).toEqual([]);
    } finally {
      events.close();
    }
    await expect.poll(() => streaming(networkId)).toBe(false);
  });

  it('records Failed with the phone’s error, and Cancelled as failed', async () => {
    const { networkId, phone } = await pairedPhone();
    const failed = await send(networkId, '+14155550124', 'one');
    const cancelled = await send(networkId, '+14155550125', 'two');
    await phone.reportState(failed.id, 'Processed');
    await phone.reportState(failed.id, 'Failed', { error: 'RESULT_ERROR_GENERIC_FAILURE' });
    await phone.reportState(cancelled.id, 'Cancelled');

    expect(await messageState(failed.id)).toMatchObject({ state: 'failed', errorText: 'RESULT_ERROR_GENERIC_FAILURE' });
    expect(await messageState(cancelled.id)).toMatchObject({ state: 'failed', errorText: 'Cancelled on the phone' });
  });

  it('keeps serving messages the phone took but has not reported sent, after the queued ones', async () => {
    const { networkId, phone } = await pairedPhone();
    const first = await send(networkId, '+14155550126', 'first');
    const second = await send(networkId, '+14155550127', 'second');
    const third = await send(networkId, '+14155550128', 'third');
    // Distinct creation times, so the order does not depend on the clock's resolution.
    for (const [i, id] of [first.id, second.id, third.id].entries()) {
      await t.app.database.db
        .update(messages)
        .set({ createdAt: sql`now() - make_interval(mins => ${10 - i})` })
        .where(eq(messages.id, id));
    }
    await phone.reportState(first.id, 'Processed');

    const ids = async (order: 'lifo' | 'fifo') => (await phone.pullMessages(order)).body.map((m) => m.id);
    expect(await ids('lifo')).toEqual([third.id, second.id, first.id]);
    expect(await ids('fifo')).toEqual([second.id, third.id, first.id]);
    // Pending reports are where a message already stands: they change nothing.
    await phone.reportState(second.id, 'Pending');
    expect((await messageState(second.id)).state).toBe('queued');
  });

  it('does not hand one network’s messages to another network’s phone', async () => {
    const a = await pairedPhone();
    const b = await pairedPhone();
    const message = await send(a.networkId);
    expect((await b.phone.pullMessages()).body).toEqual([]);
    expect((await b.phone.reportState(message.id, 'Delivered')).status).toBe(204);
    expect((await messageState(message.id)).state).toBe('queued');
  });

  it('ignores unknown and non-UUID ids in state reports with a 204', async () => {
    const { phone } = await pairedPhone();
    expect((await phone.reportState('00000000-0000-4000-8000-000000000000', 'Sent')).status).toBe(204);
    expect((await phone.reportState('PyDmBQZZXYmyxMwED8Fzy', 'Delivered')).status).toBe(204);
    expect((await phone.reportState("1' or '1'='1", 'Failed')).status).toBe(204);
    expect((await phone.call('PATCH', '/message', { body: [] })).status).toBe(204);
  });

  it('answers malformed state reports with 400', async () => {
    const { phone } = await pairedPhone();
    const answer = (r: { status: number; body: unknown; headers: Headers }) => ({
      statusCode: r.status,
      headers: Object.fromEntries(r.headers),
      body: JSON.stringify(r.body),
    });
    expectErrorBody(answer(await phone.call('PATCH', '/message', { rawBody: '[{"id":' })), 400, 'MALFORMED_JSON');
    expectErrorBody(answer(await phone.call('PATCH', '/message', { body: { id: 'x', state: 'Sent' } })), 400);
    expectErrorBody(answer(await phone.call('PATCH', '/message', { body: [{ state: 'Sent' }] })), 400);
  });

  it('wakes a streaming phone once for a burst of queued messages', async () => {
    const { networkId, phone } = await pairedPhone();
    const events = await phone.openEvents();
    try {
      await events.next('SettingsUpdated');
      await Promise.all(Array.from({ length: 5 }, (_, i) => send(networkId, `+1415555013${i}`, `burst ${i}`)));
      await events.next('MessageEnqueued');
      await new Promise((resolve) => setTimeout(resolve, 700));
      // Five sends land well within one window; a slow machine may split them over two.
      expect(events.events.filter((e) => e.event === 'MessageEnqueued').length).toBeLessThanOrEqual(2);
      expect((await phone.pullMessages()).body).toHaveLength(5);
    } finally {
      events.close();
    }
  });

  it('ends the stream of a phone shut out by a token rotation or a disabled network', async () => {
    const rotated = await pairedPhone();
    const rotatedEvents = await rotated.phone.openEvents();
    await rotatedEvents.next('SettingsUpdated');
    await t.app.inject({
      method: 'POST',
      url: `/api/networks/${rotated.networkId}/registration-token`,
      headers: admin.authorization,
    });
    await rotatedEvents.ended;
    await expect.poll(() => streaming(rotated.networkId)).toBe(false);

    const disabled = await pairedPhone();
    const disabledEvents = await disabled.phone.openEvents();
    await disabledEvents.next('SettingsUpdated');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/networks/${disabled.networkId}`,
      headers: admin.authorization,
      payload: { enabled: false },
    });
    await disabledEvents.ended;
    expect((await disabled.phone.openEvents()).status).toBe(403);
  });
});
