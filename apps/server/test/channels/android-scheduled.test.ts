import type { ApiMessageResponse, CreatedApiKeyResponse } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningTestApp, pairPhone, type SmsGateDevice } from '../helpers/smsgate-device.js';
import { register, type TestApp } from '../helpers/test-app.js';

describe('a scheduled message on an Android network', () => {
  let t: TestApp & { baseUrl: string };
  let key: string;
  let networkId: string;
  let phone: SmsGateDevice;
  beforeAll(async () => {
    t = await createListeningTestApp();
    const admin = await register(t.app, 'owner@android-scheduled.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.authorization,
      payload: { name: 'scheduler', scopes: ['messages:send'] },
    });
    key = created.json<CreatedApiKeyResponse>().secret;
    ({ networkId, phone } = await pairPhone(t, admin.authorization));
  });
  afterAll(() => t.close());

  it('is pulled by the phone only once due, and its streaming phone is woken then', async () => {
    const stream = await phone.openEvents();
    await stream.next('SettingsUpdated');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        to: '+12025550199',
        body: 'at nine',
        networkId,
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { message } = sent.json<ApiMessageResponse>();
    await stream.next('MessageEnqueued'); // queued now: the phone looks, and finds nothing due
    expect((await phone.pullMessages('fifo')).body).toEqual([]);

    // Its time comes (the due time moved to the past instead of waiting an hour).
    await t.app.database.db.execute(
      sql`update messages set next_attempt_at = now() - interval '1 second' where id = ${message.id}`,
    );
    await stream.next('MessageEnqueued', 20_000);
    const pulled = (await phone.pullMessages('fifo')).body as Array<{ id: string }>;
    expect(pulled.map((m) => m.id)).toEqual([message.id]);
    stream.close();
  });
});
