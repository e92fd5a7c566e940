import type {
  CreatedApiKeyResponse,
  WebhookDeliveriesResponse,
  WebhookResponse,
  WebhooksResponse,
  WebhookWithSecretResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import {
  readmeVerifier,
  startWebhookReceiver,
  type Verify,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';

describe('/api/webhooks and /api/v1/webhooks', () => {
  let t: TestApp;
  let strict: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let receiver: WebhookReceiver;
  let verify: Verify;
  beforeAll(async () => {
    t = await createTestApp({ ALLOW_INSECURE_WEBHOOKS: '1', WEBHOOK_TIMEOUT_MS: '2000' });
    strict = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'webhooks'));
    receiver = await startWebhookReceiver();
    verify = await readmeVerifier();
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
    await receiver.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.authorization, payload });
  const bearer = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, payload });
  async function newKey(who: SignedIn, scopes: string[]): Promise<string> {
    const response = await call('POST', '/api/api-keys', who, { name: scopes.join(' '), scopes });
    return response.json<CreatedApiKeyResponse>().secret;
  }
  async function create(who = admin, body: object = { url: receiver.url, events: ['message.received'] }) {
    const response = await call('POST', '/api/webhooks', who, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookWithSecretResponse>();
  }

  it('lets an admin create, list, read, change and delete an endpoint; the secret is shown once', async () => {
    const { webhook, secret } = await create(admin, {
      url: receiver.url,
      events: ['message.received', 'message.failed', 'message.received'],
      description: 'CRM',
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(webhook).toMatchObject({
      url: receiver.url,
      description: 'CRM',
      events: ['message.received', 'message.failed'],
      enabled: true,
      secretPrefix: secret.slice(0, 10),
      previousSecretExpiresAt: null,
    });
    const list = await call('GET', '/api/webhooks', admin);
    expect(list.body).not.toContain(secret);
    expect(list.json<WebhooksResponse>().webhooks.map((w) => w.id)).toContain(webhook.id);
    const read = await call('GET', `/api/webhooks/${webhook.id}`, admin);
    expect(read.json<WebhookResponse>().webhook.id).toBe(webhook.id);
    expect(read.body).not.toContain(secret);

    const changed = await call('PATCH', `/api/webhooks/${webhook.id}`, admin, {
      enabled: false,
      events: ['campaign.completed'],
    });
    expect(changed.json<WebhookResponse>().webhook).toMatchObject({ enabled: false, events: ['campaign.completed'] });

    const rotated = await call('POST', `/api/webhooks/${webhook.id}/rotate-secret`, admin, { overlapHours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const body = rotated.json<WebhookWithSecretResponse>();
    expect(body.secret).not.toBe(secret);
    expect(+new Date(body.webhook.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(3_500_000);

    expect((await call('DELETE', `/api/webhooks/${webhook.id}`, admin)).statusCode).toBe(204);
    expectErrorBody(await call('GET', `/api/webhooks/${webhook.id}`, admin), 404, 'NOT_FOUND');
  });

  it('refuses bad input with 400 and the right code, never a 500', async () => {
    const cases: Array<[object, string]> = [
      [{ url: receiver.url, events: [] }, 'VALIDATION_FAILED'],
      [{ url: receiver.url, events: ['message.exploded'] }, 'VALIDATION_FAILED'],
      [{ url: 'not a url', events: ['message.sent'] }, 'VALIDATION_FAILED'],
      [{ events: ['message.sent'] }, 'VALIDATION_FAILED'],
      [{ url: 'ftp://example.com/x', events: ['message.sent'] }, 'WEBHOOK_URL_NOT_ALLOWED'],
      [{ url: 'https://user:pw@example.com/x', events: ['message.sent'] }, 'WEBHOOK_URL_NOT_ALLOWED'],
      [{ url: 'https://10.0.0.1/x', events: ['message.sent'] }, 'WEBHOOK_URL_NOT_ALLOWED'],
      [{ url: 'https://169.254.169.254/latest/meta-data', events: ['message.sent'] }, 'WEBHOOK_URL_NOT_ALLOWED'],
      [{ url: 'https://[::ffff:10.0.0.1]/', events: ['message.sent'] }, 'WEBHOOK_URL_NOT_ALLOWED'],
    ];
    for (const [payload, code] of cases)
      expectErrorBody(await call('POST', '/api/webhooks', admin, payload), 400, code as 'VALIDATION_FAILED');
    const { webhook } = await create();
    expectErrorBody(await call('PATCH', `/api/webhooks/${webhook.id}`, admin, {}), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await call('PATCH', `/api/webhooks/${webhook.id}`, admin, {
        url: 'http://10.1.1.1/x',
      }),
      400,
      'WEBHOOK_URL_NOT_ALLOWED',
    );
    expectErrorBody(
      await call('POST', `/api/webhooks/${webhook.id}/rotate-secret`, admin, { overlapHours: 1000 }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(await call('GET', '/api/webhooks/not-a-uuid', admin), 400, 'VALIDATION_FAILED');
  });

  it('refuses loopback unless ALLOW_INSECURE_WEBHOOKS=1', async () => {
    const owner = (await adminEditorAndStranger(strict.app, 'strict-webhooks')).admin;
    for (const url of [
      'http://127.0.0.1:8080/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: owner.authorization,
        payload: { url, events: ['message.sent'] },
      });
      expectErrorBody(response, 400, 'WEBHOOK_URL_NOT_ALLOWED');
    }
  });

  it('gives editors 403 and keeps workspaces apart', async () => {
    const { webhook } = await create();
    expectErrorBody(await call('GET', '/api/webhooks', editor), 403, 'FORBIDDEN');
    expectErrorBody(
      await call('POST', '/api/webhooks', editor, { url: receiver.url, events: ['message.sent'] }),
      403,
      'FORBIDDEN',
    );
    expectErrorBody(await call('POST', `/api/webhooks/${webhook.id}/test`, editor), 403, 'FORBIDDEN');
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/webhooks' }), 401);

    expect((await call('GET', '/api/webhooks', stranger)).json<WebhooksResponse>().webhooks).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${webhook.id}`],
      ['PATCH', `/api/webhooks/${webhook.id}`],
      ['DELETE', `/api/webhooks/${webhook.id}`],
      ['POST', `/api/webhooks/${webhook.id}/rotate-secret`],
      ['POST', `/api/webhooks/${webhook.id}/test`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries`],
    ] as const)
      expectErrorBody(
        await call(method, url, stranger, method === 'PATCH' ? { enabled: false } : undefined),
        404,
        'NOT_FOUND',
      );
  });

  it('sends a test event the README snippet verifies, logs it, and resends it as the same event', async () => {
    const { webhook, secret } = await create();
    const before = receiver.received.length;
    const sent = await call('POST', `/api/webhooks/${webhook.id}/test`, admin);
    expect(sent.statusCode, sent.body).toBe(202);
    let log: WebhookDeliveriesResponse['deliveries'] = [];
    await eventually(async () => {
      log = (await call('GET', `/api/webhooks/${webhook.id}/deliveries`, admin)).json<WebhookDeliveriesResponse>()
        .deliveries;
      return log[0]?.state === 'succeeded';
    }, 'the test event is delivered');
    expect(log[0]).toMatchObject({
      eventType: 'webhook.test',
      attempts: [{ attempt: 1, statusCode: 200, responseExcerpt: 'ok' }],
    });
    const request = receiver.received[before]!;
    expect(verify(request.body, String(request.headers['switchboard-signature']), secret)).toBe(true);

    const resent = await call('POST', `/api/webhooks/${webhook.id}/deliveries/${log[0]!.id}/resend`, admin);
    expect(resent.statusCode, resent.body).toBe(202);
    await eventually(async () => {
      log = (await call('GET', `/api/webhooks/${webhook.id}/deliveries`, admin)).json<WebhookDeliveriesResponse>()
        .deliveries;
      return log.length === 2 && log.every((d) => d.state === 'succeeded');
    }, 'the resend is delivered');
    expect(log[0]!.eventId).toBe(log[1]!.eventId);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectErrorBody(
      await call('POST', `/api/webhooks/${webhook.id}/deliveries/${unknown}/resend`, admin),
      404,
      'NOT_FOUND',
    );
  });

  it('serves /api/v1/webhooks to keys with webhooks:manage only, in the key’s workspace', async () => {
    const manage = await newKey(admin, ['webhooks:manage']);
    const other = await newKey(admin, ['messages:send', 'messages:read']);
    const strangers = await newKey(stranger, ['webhooks:manage']);
    const denied = await bearer('GET', '/api/v1/webhooks', other);
    expect(expectErrorBody(denied, 403, 'INSUFFICIENT_SCOPE').error).toContain('webhooks:manage');
    expectErrorBody(
      await bearer('POST', '/api/v1/webhooks', other, { url: receiver.url, events: ['message.sent'] }),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expectErrorBody(await bearer('GET', '/api/v1/webhooks', 'sk_live_nonsense'), 401);

    const created = await bearer('POST', '/api/v1/webhooks', manage, {
      url: receiver.url,
      events: ['message.delivered'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { webhook, secret } = created.json<WebhookWithSecretResponse>();
    expect(secret).toMatch(/^whsec_/);
    expect(created.body).not.toContain(admin.userData.workspaceId);
    const mine = (await bearer('GET', '/api/v1/webhooks', manage)).json<WebhooksResponse>().webhooks;
    expect(mine.map((w) => w.id)).toContain(webhook.id);
    // The session's list shows it too: one set of endpoints per workspace.
    expect((await call('GET', '/api/webhooks', admin)).json<WebhooksResponse>().webhooks.map((w) => w.id)).toContain(
      webhook.id,
    );
    expect((await bearer('GET', '/api/v1/webhooks', strangers)).json<WebhooksResponse>().webhooks).toEqual([]);
    expectErrorBody(await bearer('GET', `/api/v1/webhooks/${webhook.id}`, strangers), 404, 'NOT_FOUND');
    expectErrorBody(await bearer('DELETE', `/api/v1/webhooks/${webhook.id}`, strangers), 404, 'NOT_FOUND');
    expect((await bearer('DELETE', `/api/v1/webhooks/${webhook.id}`, manage)).statusCode).toBe(204);
  });
});
