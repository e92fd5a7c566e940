import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSmsgateTestBed,
  expectSmsgateError,
  type SmsgateKey,
  type SmsgateTestBed,
} from '../helpers/smsgate-api.js';

describe('/api/3rdparty/v1 devices, settings, health and what it does not offer', () => {
  let bed: SmsgateTestBed;
  let manager: SmsgateKey;
  let phoneId: string;
  beforeAll(async () => {
    bed = await createSmsgateTestBed('smsgate-devices');
    manager = await bed.newKey(bed.admin, ['messages:read', 'webhooks:manage']);
    const phone = await bed.t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: bed.admin.authorization,
      payload: { kind: 'android', name: 'Front desk phone' },
    });
    phoneId = phone.json<{ network: { id: string } }>().network.id;
  });
  afterAll(() => bed.close());

  it('lists the workspace’s Android networks as devices, and no one else’s', async () => {
    const response = await bed.call(manager.basic, 'GET', '/devices');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      {
        id: phoneId,
        name: 'Front desk phone',
        createdAt: expect.any(String) as string,
        updatedAt: expect.any(String) as string,
        lastSeen: expect.any(String) as string,
      },
    ]);
    const stranger = await bed.newKey(bed.stranger, ['messages:read']);
    expect((await bed.call(stranger.basic, 'GET', '/devices')).json()).toEqual([]);
    // Deleting another workspace's device changes nothing (204, like an unknown id).
    const strangerManager = await bed.newKey(bed.stranger, ['webhooks:manage']);
    expect((await bed.call(strangerManager.basic, 'DELETE', `/devices/${phoneId}`)).statusCode).toBe(204);
    expect((await bed.call(manager.basic, 'GET', '/devices')).json()).toHaveLength(1);
  });

  it('unpairs a phone on DELETE (204; the network stays) and answers 204 for unknown ids', async () => {
    const before = await bed.t.app.inject({
      method: 'GET',
      url: `/api/networks/${phoneId}`,
      headers: bed.admin.authorization,
    });
    const token = before.json<{ network: { settings: { registrationToken: string | null } } }>().network.settings
      .registrationToken;
    const deleted = await bed.call(manager.basic, 'DELETE', `/devices/${phoneId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = await bed.t.app.inject({
      method: 'GET',
      url: `/api/networks/${phoneId}`,
      headers: bed.admin.authorization,
    });
    expect(after.statusCode).toBe(200);
    expect(
      after.json<{ network: { settings: { registrationToken: string | null } } }>().network.settings.registrationToken,
    ).not.toBe(token);
    expect((await bed.call(manager.basic, 'DELETE', '/devices/unknown')).statusCode).toBe(204);
    expect((await bed.call(manager.basic, 'DELETE', '/devices/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      204,
    );
    const reader = await bed.newKey(bed.admin, ['messages:read']);
    expect((await bed.call(reader.basic, 'DELETE', `/devices/${phoneId}`)).json()).toMatchObject({
      message: 'scope required: devices:delete',
    });
  });

  it('stores settings per workspace: PUT replaces, PATCH merges, camelCase accepted, unknown and secret keys kept out', async () => {
    expect((await bed.call(manager.basic, 'GET', '/settings')).json()).toEqual({});
    const put = await bed.call(manager.basic, 'PUT', '/settings', {
      messages: { limitPeriod: 'PerHour', limit_value: 100, bogus: 1 },
      webhooks: { signingKey: 's3cret', retry_count: 5 },
      gateway: { cloud_url: 'https://evil.example', privateToken: 'x' },
      unknown: { a: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      messages: { limit_period: 'PerHour', limit_value: 100 },
      webhooks: { retry_count: 5 },
    });
    const patched = await bed.call(manager.basic, 'PATCH', '/settings', {
      messages: { sendIntervalMin: 1 },
      ping: { interval_seconds: 60 },
    });
    expect(patched.json()).toEqual({
      messages: { limit_period: 'PerHour', limit_value: 100, send_interval_min: 1 },
      webhooks: { retry_count: 5 },
      ping: { interval_seconds: 60 },
    });
    expect((await bed.call(manager.basic, 'GET', '/settings')).json()).toEqual(patched.json());
    expectSmsgateError(
      await bed.call(manager.basic, 'PATCH', '/settings', { messages: { limitPeriod: 'Sometimes' } }),
      400,
      'VALIDATION_FAILED',
    );
    const strangerManager = await bed.newKey(bed.stranger, ['webhooks:manage']);
    expect((await bed.call(strangerManager.basic, 'GET', '/settings')).json()).toEqual({});
  });

  it('answers health without credentials, with the database check', async () => {
    const response = await bed.call(null, 'GET', '/health');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'pass',
      version: expect.any(String) as string,
      releaseId: expect.any(Number) as number,
      checks: {
        'db:ping': { status: 'pass', observedValue: 0, observedUnit: 'failed pings', description: 'Database ping' },
      },
    });
  });

  it('answers 501 for logs and the phones’ inbox, like the reference', async () => {
    expectSmsgateError(await bed.call(manager.basic, 'GET', '/logs'), 501, 'NOT_IMPLEMENTED');
    expectSmsgateError(await bed.call(manager.basic, 'GET', '/inbox'), 501, 'NOT_IMPLEMENTED');
    expectSmsgateError(await bed.call(null, 'GET', '/logs'), 401);
  });

  it('asks for an inbox export only from a phone of the workspace that is online', async () => {
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const body = { deviceId: phoneId, since, until: new Date().toISOString() };
    // The phone of this network never connected: 503, nothing is promised.
    for (const path of ['/inbox/export', '/inbox/refresh', '/messages/inbox/export']) {
      expectSmsgateError(await bed.call(manager.basic, 'POST', path, body), 503, 'UNAVAILABLE');
    }
    const bad = (payload: object) => bed.call(manager.basic, 'POST', '/inbox/export', payload);
    expectSmsgateError(await bad({ ...body, deviceId: 'elsewhere' }), 400, 'VALIDATION_FAILED');
    expectSmsgateError(await bad({ ...body, until: since }), 400, 'VALIDATION_FAILED');
    expectSmsgateError(await bad({ ...body, since: '2020-01-01T00:00:00Z' }), 400, 'VALIDATION_FAILED');
    expectSmsgateError(await bad({ deviceId: phoneId }), 400, 'VALIDATION_FAILED');
    const stranger = await bed.newKey(bed.stranger, ['messages:read']);
    expectSmsgateError(await bed.call(stranger.basic, 'POST', '/inbox/export', body), 400, 'VALIDATION_FAILED');
  });
});
