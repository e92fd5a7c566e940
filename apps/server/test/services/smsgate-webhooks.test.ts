import { createSoleInstanceBus } from '../../src/cluster/cluster-bus.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Composition } from '../../src/composition.js';
import { queryRows, type Database } from '../../src/db/database.js';
import { eventually } from '../helpers/expectations.js';
import { verifySmsgateSignature } from '../helpers/smsgate-verify.js';
import { TEST_PASSWORD } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { silentLogger, TEST_BILLING_CONFIG } from '../helpers/test-services.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

interface Envelope {
  id: string;
  webhookId: string;
  deviceId: string | null;
  event: string;
  payload: Record<string, unknown>;
}

describe('SMSGate-format webhooks', () => {
  let database: Database;
  let receiver: WebhookReceiver;
  let composition: Composition;
  const services = () => composition.services;
  const got = (path: string) => receiver.received.filter((r) => r.url === `/hooks/${path}`);
  const envelopes = (path: string) => got(path).map((r) => JSON.parse(r.body) as Envelope);
  let workspaces = 0;

  async function workspace() {
    const email = `admin-${++workspaces}@smsgate-hooks.test`;
    const session = await services().auth.register({ displayName: `S${workspaces}`, email, password: TEST_PASSWORD });
    const workspaceId = session.userData.workspaceId;
    const [sandbox] = await services().networks.list(workspaceId);
    const [android] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into networks (workspace_id, kind, name, address, throughput)
        values (${workspaceId}, 'android', 'Phone', '+12025550999', 1) returning id`,
    );
    const androidId = android!.id;
    return { workspaceId, sandboxId: sandbox!.id, sandboxAddress: sandbox!.address, androidId };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startWebhookReceiver();
    composition = createServices({
      config: {
        publicUrl: 'http://localhost:5000',
        filesDir: '/nonexistent-test-files-dir',
        accessTokenTtl: 900,
        refreshTokenTtl: 2_592_000,
        smtpUrl: 'smtp://127.0.0.1:9',
        mailFrom: 'Switchboard <no-reply@localhost>',
        sandboxDeliveryMs: 20,
        messageLeaseSeconds: 30,
        allowInsecureWebhooks: true,
        webhookTimeoutMs: 3_000,
        billing: TEST_BILLING_CONFIG,
      },
      keys: {
        jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
        secretsKey: 'test-secrets-key-that-is-at-least-32-characters',
      },
      db: database.db,
      soleInstance: database.dialect === 'pglite',
      bus: createSoleInstanceBus(),
      log: silentLogger,
      events: { toWorkspace: () => {}, toUser: () => {} },
      webhookTuning: { pollMs: 25, timing: { retryBaseMs: 40, maxAttempts: 3, timeoutMs: 3_000, leaseMs: 30_000 } },
    });
    await composition.networkRunner.start();
  });
  afterAll(async () => {
    await composition.close();
    await receiver.close();
    await database.close();
  });

  it('delivers a received SMS in SMSGate’s envelope, signed with the workspace’s key as SMSGate signs', async () => {
    const { workspaceId, sandboxId, sandboxAddress } = await workspace();
    const hook = await services().webhooks.smsgate.register(workspaceId, {
      url: `${receiver.url}/received`,
      event: 'sms:received',
    });
    expect(hook).toEqual({
      id: expect.any(String) as string,
      deviceId: null,
      url: `${receiver.url}/received`,
      event: 'sms:received',
    });

    const inbound = await services().messaging.host.receiveInbound({
      networkId: sandboxId,
      from: '+12025550111',
      body: 'Hello SMSGate',
      providerMessageId: 'smsgate-in-1',
    });
    await eventually(() => got('received').length > 0, 'sms:received delivered');
    const request = got('received')[0]!;
    const key = await services().webhooks.smsgate.signingKey.get(workspaceId);
    expect(verifySmsgateSignature(request.body, request.headers, key)).toBe(true);
    expect(verifySmsgateSignature(request.body.replace('Hello', 'Jello'), request.headers, key)).toBe(false);
    expect(verifySmsgateSignature(request.body, request.headers, `${key}x`)).toBe(false);
    expect(request.headers['user-agent']).toMatch(/SMSGate format/);
    expect(request.headers['switchboard-signature']).toBeUndefined();

    const envelope = JSON.parse(request.body) as Envelope;
    expect(envelope).toEqual({
      id: expect.any(String) as string,
      webhookId: hook.id,
      deviceId: sandboxId,
      event: 'sms:received',
      payload: {
        messageId: expect.any(String) as string,
        sender: '+12025550111',
        recipient: sandboxAddress,
        phoneNumber: '+12025550111',
        message: 'Hello SMSGate',
        receivedAt: expect.any(String) as string,
      },
    });
    expect(envelope.payload.messageId).toBe(inbound.messageId);
    expect(Number.isNaN(Date.parse(String(envelope.payload.receivedAt)))).toBe(false);
    expect(request.body).not.toContain(workspaceId);

    // The delivery log (shared with Switchboard's webhooks) names the SMSGate event.
    const [endpoint] = (await services().webhooks.endpoints.list(workspaceId)).filter((e) => e.format === 'smsgate');
    expect(endpoint).toMatchObject({ format: 'smsgate', events: ['message.received'], smsgate: hook });
    await eventually(
      async () => (await services().webhooks.deliveries(workspaceId, endpoint!.id, 10))[0]?.state === 'succeeded',
      'logged as succeeded',
    );
    const [delivery] = await services().webhooks.deliveries(workspaceId, endpoint!.id, 10);
    expect(delivery).toMatchObject({ eventType: 'sms:received', eventId: envelope.id });
  });

  it('sends sms:sent and sms:delivered for a sent message, and a device filter keeps other networks’ events out', async () => {
    const { workspaceId, sandboxId, sandboxAddress, androidId } = await workspace();
    const smsgate = services().webhooks.smsgate;
    const sent = await smsgate.register(workspaceId, {
      id: 'sent-hook',
      url: `${receiver.url}/sent`,
      event: 'sms:sent',
    });
    await smsgate.register(workspaceId, { url: `${receiver.url}/delivered`, event: 'sms:delivered', deviceId: null });
    await smsgate.register(workspaceId, {
      url: `${receiver.url}/phone-only`,
      event: 'sms:delivered',
      deviceId: androidId,
    });
    await smsgate.register(workspaceId, { url: `${receiver.url}/cancelled`, event: 'sms:cancelled' });

    const message = await services().messaging.queue({
      workspaceId,
      networkId: sandboxId,
      to: '+12025550133',
      body: 'Hi',
      origin: 'api',
    });
    await eventually(() => got('delivered').length > 0 && got('sent').length > 0, 'sms:sent and sms:delivered');
    const [sentEnvelope] = envelopes('sent');
    expect(sentEnvelope).toMatchObject({
      webhookId: sent.id,
      deviceId: sandboxId,
      event: 'sms:sent',
      payload: {
        messageId: message.id,
        sender: sandboxAddress,
        recipient: '+12025550133',
        phoneNumber: '+12025550133',
        partsCount: 1,
      },
    });
    expect(sentEnvelope!.payload.sentAt).toEqual(expect.any(String));
    expect(sentEnvelope!.payload).not.toHaveProperty('simNumber');
    expect(envelopes('delivered')[0]).toMatchObject({
      event: 'sms:delivered',
      payload: { messageId: message.id, deliveredAt: expect.any(String) as string },
    });
    const key = await smsgate.signingKey.get(workspaceId);
    expect(got('delivered').every((r) => verifySmsgateSignature(r.body, r.headers, key))).toBe(true);

    // A test event makes every outbox pass run after the message's: the filtered endpoints got nothing.
    const [phoneOnly] = (await services().webhooks.endpoints.list(workspaceId)).filter(
      (e) => e.smsgate?.deviceId === androidId,
    );
    await services().webhooks.sendTest(workspaceId, phoneOnly!.id);
    await eventually(() => got('phone-only').length > 0, 'the test event');
    expect(envelopes('phone-only').map((e) => e.event)).toEqual(['system:ping']);
    expect(got('cancelled')).toHaveLength(0);
  });

  it('names a message sent through /api/3rdparty/v1 by its SMSGate id', async () => {
    const { workspaceId, sandboxId } = await workspace();
    await services().webhooks.smsgate.register(workspaceId, { url: `${receiver.url}/sg-id`, event: 'sms:sent' });
    // What smsgate-api queues for each recipient of an SMSGate message.
    await services().messaging.queue({
      workspaceId,
      networkId: sandboxId,
      to: '+12025550188',
      body: 'From an SMSGate client',
      origin: 'api',
      metadata: { smsgateId: 'client-message-1' },
    });
    await eventually(() => got('sg-id').length > 0, 'sms:sent');
    expect(envelopes('sg-id')[0]!.payload.messageId).toBe('client-message-1');
  });

  it('registers with the client’s id (the same id replaces), lists, deletes (unknown ids too) and refuses bad input', async () => {
    const { workspaceId, androidId } = await workspace();
    const other = await workspace();
    const smsgate = services().webhooks.smsgate;
    const first = await smsgate.register(workspaceId, {
      id: 'hook-1',
      url: 'https://example.com/a',
      event: 'sms:received',
    });
    expect(first).toEqual({ id: 'hook-1', deviceId: null, url: 'https://example.com/a', event: 'sms:received' });
    const replaced = await smsgate.register(workspaceId, {
      id: 'hook-1',
      url: 'https://example.com/b',
      event: 'sms:failed',
      deviceId: androidId,
    });
    expect(replaced).toEqual({ id: 'hook-1', deviceId: androidId, url: 'https://example.com/b', event: 'sms:failed' });
    expect(await smsgate.list(workspaceId)).toEqual([replaced]);
    // The same client id in another workspace is another webhook.
    await smsgate.register(other.workspaceId, { id: 'hook-1', url: 'https://example.com/c', event: 'sms:sent' });
    expect(await smsgate.list(workspaceId)).toEqual([replaced]);
    expect((await services().webhooks.endpoints.list(workspaceId))[0]).toMatchObject({ events: ['message.failed'] });

    const refused = (body: Parameters<typeof smsgate.register>[1], code: string, ws = workspaceId) =>
      expect(smsgate.register(ws, body)).rejects.toMatchObject({ code });
    await refused({ url: 'http://example.com/x', event: 'sms:received' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ url: 'https://10.0.0.1/x', event: 'sms:received' }, 'WEBHOOK_URL_NOT_ALLOWED');
    await refused({ url: 'https://example.com/x', event: 'sms:batch:received' }, 'VALIDATION_FAILED');
    await refused(
      { url: 'https://example.com/x', event: 'sms:received', deviceId: other.androidId },
      'VALIDATION_FAILED',
    );
    await refused({ url: 'https://example.com/x', event: 'sms:received', deviceId: 'not-a-uuid' }, 'VALIDATION_FAILED');
    // A device filter names an Android network, not the sandbox.
    await refused(
      { url: 'https://example.com/x', event: 'sms:received', deviceId: other.sandboxId },
      'VALIDATION_FAILED',
      other.workspaceId,
    );

    await smsgate.remove(workspaceId, 'unknown');
    await smsgate.remove(other.workspaceId, 'hook-1');
    expect(await smsgate.list(workspaceId)).toEqual([replaced]);
    await smsgate.remove(workspaceId, 'hook-1');
    expect(await smsgate.list(workspaceId)).toEqual([]);
  });

  it('keeps one signing key per workspace until it is rotated, and its event and signature are not changed as Switchboard’s', async () => {
    const { workspaceId } = await workspace();
    const other = await workspace();
    const keys = services().webhooks.smsgate.signingKey;
    const key = await keys.get(workspaceId);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(await keys.get(workspaceId)).toBe(key);
    expect(await keys.get(other.workspaceId)).not.toBe(key);
    const rotated = await keys.set(workspaceId);
    expect(rotated).not.toBe(key);
    expect(await keys.get(workspaceId)).toBe(rotated);

    await services().webhooks.smsgate.register(workspaceId, { url: 'https://example.com/k', event: 'sms:sent' });
    const [endpoint] = await services().webhooks.endpoints.list(workspaceId);
    await expect(
      services().webhooks.endpoints.update(workspaceId, endpoint!.id, { events: ['message.received'] }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(services().webhooks.endpoints.rotateSecret(workspaceId, endpoint!.id, {})).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await services().webhooks.endpoints.update(workspaceId, endpoint!.id, { enabled: false })).toMatchObject({
      enabled: false,
      format: 'smsgate',
    });
  });
});
