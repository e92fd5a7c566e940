import { createSoleInstanceBus } from '../../src/cluster/cluster-bus.js';
import type { WebhookDelivery } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Composition, type ServicesConfig } from '../../src/composition.js';
import type { Database } from '../../src/db/database.js';
import type { WebhookTuning } from '../../src/modules/webhooks/webhooks.service.js';
import { eventually } from '../helpers/expectations.js';
import { startMailCatcher, type MailCatcher } from '../helpers/mail-catcher.js';
import { TEST_PASSWORD } from '../helpers/test-app.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { silentLogger, TEST_BILLING_CONFIG } from '../helpers/test-services.js';
import {
  readmeVerifier,
  refusedUrl,
  startWebhookReceiver,
  type Verify,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';

const noSockets = { toWorkspace: () => {}, toUser: () => {} };

/** What the receiver got, as far as these tests read it. */
interface DeliveredEvent {
  type: string;
  data: { message?: { id: string }; contact?: { optedOutAt: string | null }; source?: string };
}

/** A clock the test moves; starts at the real time. */
function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => (offsetMs += ms),
    reset: () => (offsetMs = 0),
  };
}

describe('outgoing webhooks', () => {
  let database: Database;
  let mail: MailCatcher;
  let receiver: WebhookReceiver;
  let verify: Verify;
  let composition: Composition;
  const clock = testClock();
  let resolved: Record<string, string[]> = {};
  const tuning: WebhookTuning = {
    now: clock.now,
    random: () => 0.5,
    pollMs: 25,
    resolver: async (host) => resolved[host] ?? [],
    // A time-out generous enough that no answer of the local receiver misses it on a busy machine
    // (300 ms did in CI: a delivery was tried twice); only the hanging answer waits for it.
    timing: { retryBaseMs: 40, maxAttempts: 4, timeoutMs: 3_000, leaseMs: 30_000 },
  };

  function compose(overrides: Partial<ServicesConfig> = {}): Composition {
    return createServices({
      config: {
        publicUrl: 'http://localhost:5000',
        filesDir: '/nonexistent-test-files-dir',
        accessTokenTtl: 900,
        refreshTokenTtl: 2_592_000,
        smtpUrl: mail.url,
        mailFrom: 'Switchboard <no-reply@localhost>',
        sandboxDeliveryMs: 20,
        messageLeaseSeconds: 30,
        allowInsecureWebhooks: true,
        webhookTimeoutMs: 3_000,
        billing: TEST_BILLING_CONFIG,
        ...overrides,
      },
      keys: {
        jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
        secretsKey: 'test-secrets-key-that-is-at-least-32-characters',
      },
      db: database.db,
      soleInstance: database.dialect === 'pglite',
      bus: createSoleInstanceBus(),
      log: silentLogger,
      events: noSockets,
      webhookTuning: tuning,
    });
  }
  const services = () => composition.services;
  /** What reached `/hooks/<path>`: each test's endpoints have their own path on the shared receiver. */
  const got = (path: string) => receiver.received.filter((r) => r.url === `/hooks/${path}`);
  let workspaces = 0;
  async function workspace() {
    const email = `admin-${++workspaces}@webhooks.test`;
    const session = await services().auth.register({ displayName: `W${workspaces}`, email, password: TEST_PASSWORD });
    const [sandbox] = await services().networks.list(session.userData.workspaceId);
    return { workspaceId: session.userData.workspaceId, email, sandboxId: sandbox!.id };
  }
  async function log(workspaceId: string, endpointId: string): Promise<WebhookDelivery[]> {
    return services().webhooks.deliveries(workspaceId, endpointId, 100);
  }
  async function settled(workspaceId: string, endpointId: string, count = 1): Promise<WebhookDelivery[]> {
    let deliveries: WebhookDelivery[] = [];
    await eventually(async () => {
      deliveries = await log(workspaceId, endpointId);
      return deliveries.length >= count && deliveries.every((d) => d.state === 'succeeded' || d.state === 'failed');
    }, `${count} deliveries settled`);
    return deliveries;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    mail = await startMailCatcher();
    receiver = await startWebhookReceiver();
    verify = await readmeVerifier();
    composition = compose();
    await composition.networkRunner.start();
  });
  afterEach(() => {
    receiver.answers = [];
    receiver.fallback = 200;
    clock.reset();
    resolved = {};
  });
  afterAll(async () => {
    await composition.close();
    await receiver.close();
    await mail.close();
    await database.close();
  });

  it('delivers a received message, signed, in the public shape, and the README snippet verifies it', async () => {
    const { workspaceId, sandboxId } = await workspace();
    const { webhook, secret } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/first`,
      events: ['message.received'],
    });
    expect(secret).toMatch(/^whsec_/);

    await services().messaging.host.receiveInbound({
      networkId: sandboxId,
      from: '+12025550111',
      body: 'Hello hooks',
      providerMessageId: 'webhook-in-1',
    });
    const [delivery] = await settled(workspaceId, webhook.id);
    expect(delivery).toMatchObject({ eventType: 'message.received', state: 'succeeded' });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, responseExcerpt: 'ok', error: null }),
    ]);
    const request = got('first')[0]!;
    const header = String(request.headers['switchboard-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(request.body, header, secret)).toBe(true);
    expect(verify(request.body.replace('Hello', 'Jello'), header, secret)).toBe(false);
    expect(verify(request.body, header, `${secret}x`)).toBe(false);
    const body = JSON.parse(request.body) as Record<string, unknown>;
    expect(body).toEqual({
      id: delivery!.eventId,
      type: 'message.received',
      createdAt: expect.any(String) as string,
      data: { message: expect.objectContaining({ direction: 'in', phoneNumber: '+12025550111', body: 'Hello hooks' }) },
    });
    expect(request.headers['switchboard-event-id']).toBe(delivery!.eventId);
    expect(request.body).not.toContain(workspaceId);
  });

  it('delivers a sent message as sent and delivered, and STOP / START as an opt-out and an opt-in, once each', async () => {
    const { workspaceId, sandboxId } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/consent`,
      events: ['message.sent', 'message.delivered', 'contact.opted_out', 'contact.opted_in'],
    });

    const sent = await services().developerApi.messages.send(workspaceId, sandboxId, {
      to: '+12025550133',
      body: 'Hi',
    });
    const bodies = () => got('consent').map((r) => JSON.parse(r.body) as DeliveredEvent);
    // Deliveries are not ordered (each event is its own delivery): wait for both.
    await eventually(
      () =>
        ['message.sent', 'message.delivered'].every((type) =>
          bodies().some((b) => b.type === type && b.data.message?.id === sent.id),
        ),
      'message.sent and message.delivered',
    );
    // Each tells of the message as it was at its state, though the sandbox delivers at once.
    expect(bodies().find((b) => b.type === 'message.sent')!.data.message).toMatchObject({
      id: sent.id,
      phoneNumber: '+12025550133',
      state: 'sent',
      deliveredAt: null,
    });
    expect(bodies().find((b) => b.type === 'message.delivered')!.data.message).toMatchObject({
      id: sent.id,
      state: 'delivered',
      deliveredAt: expect.any(String),
    });

    const receive = (body: string, id: string) =>
      services().messaging.host.receiveInbound({
        networkId: sandboxId,
        from: '+12025550144',
        body,
        providerMessageId: id,
      });
    await receive('STOP', 'webhook-stop-1');
    await eventually(() => bodies().some((b) => b.type === 'contact.opted_out'), 'contact.opted_out');
    await receive('START', 'webhook-start-1');
    await eventually(() => bodies().some((b) => b.type === 'contact.opted_in'), 'contact.opted_in');
    const optOut = bodies().find((b) => b.type === 'contact.opted_out')!;
    expect(optOut.data).toMatchObject({ contact: { phoneNumber: '+12025550144' }, source: 'keyword' });
    expect(optOut.data.contact?.optedOutAt).toEqual(expect.any(String));
    expect(bodies().find((b) => b.type === 'contact.opted_in')!.data.contact?.optedOutAt).toBeNull();
    await settled(workspaceId, webhook.id, 2);
    const types = (await log(workspaceId, webhook.id)).map((d) => d.eventType);
    expect(types.filter((type) => type === 'contact.opted_out')).toHaveLength(1);
    expect(types.filter((type) => type === 'contact.opted_in')).toHaveLength(1);
    expect(types.filter((type) => type === 'message.delivered').length).toBeGreaterThanOrEqual(1);
  });

  it('delivers campaign.completed once when a campaign has sent its last message', async () => {
    const { workspaceId, sandboxId } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/campaign`,
      events: ['campaign.completed'],
    });
    const list = await services().contacts.lists.create(workspaceId, 'Webhook campaign');
    await database.db.execute(sql`insert into contacts (workspace_id, phone_number, name)
      values (${workspaceId}, '+33612340001', 'A'), (${workspaceId}, '+33612340002', 'B')`);
    await database.db.execute(sql`insert into contact_list_members (list_id, contact_id, contact_created_at)
      select ${list.id}, id, created_at from contacts where workspace_id = ${workspaceId}`);
    const admin = (await services().users.members.list(workspaceId))[0]!;
    const campaign = await services().campaigns.create(workspaceId, admin.id, {
      name: 'Hooked',
      networkIds: [sandboxId],
      audience: { listIds: [list.id] },
      body: 'Hi {name}',
      ratePerSecond: 10,
    });
    await services().campaigns.start(workspaceId, campaign.id);
    await eventually(() => got('campaign').length > 0, 'campaign.completed');
    const body = JSON.parse(got('campaign')[0]!.body) as { type: string; data: { campaign: Record<string, unknown> } };
    expect(body.type).toBe('campaign.completed');
    expect(body.data.campaign).toMatchObject({ id: campaign.id, name: 'Hooked', state: 'completed' });
    expect(JSON.stringify(body)).not.toContain(workspaceId);
    await settled(workspaceId, webhook.id);
    expect(await log(workspaceId, webhook.id)).toHaveLength(1);
  });

  it('retries 500s, a time-out and a refused connection with growing delays, logging each attempt', async () => {
    const { workspaceId } = await workspace();
    // Its own receiver: the answers it is told to give go to this test's deliveries only.
    const flaky = await startWebhookReceiver();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: flaky.url,
      events: ['message.sent'],
    });
    flaky.answers = [500, 'hang'];
    await services().webhooks.sendTest(workspaceId, webhook.id);
    const [delivery] = await settled(workspaceId, webhook.id);
    expect(delivery!.state).toBe('succeeded');
    const attempts = delivery!.attempts;
    expect(attempts.map((a) => a.statusCode)).toEqual([500, null, 200]);
    expect(attempts[0]!.error).toMatch(/500/);
    expect(attempts[0]!.responseExcerpt).toBe('failure 500');
    expect(attempts[1]!.error).toMatch(/no answer within 3000 ms/);
    expect(attempts[1]!.durationMs).toBeGreaterThanOrEqual(2_900);
    // Backoff: 40 ms after the first failure, 80 ms after the second (jitter fixed at 0).
    const gap = (i: number) => +new Date(attempts[i + 1]!.startedAt) - +new Date(attempts[i]!.startedAt);
    expect(gap(0)).toBeGreaterThanOrEqual(40);
    expect(gap(1) - attempts[1]!.durationMs).toBeGreaterThanOrEqual(80);

    const gone = await services().webhooks.endpoints.create(workspaceId, {
      url: await refusedUrl(),
      events: ['message.sent'],
    });
    await services().webhooks.sendTest(workspaceId, gone.webhook.id);
    const [failed] = await settled(workspaceId, gone.webhook.id);
    expect(failed!.state).toBe('failed');
    expect(failed!.attempts).toHaveLength(4);
    expect(failed!.attempts.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ''))).toBe(true);
    await flaky.close();
  });

  it('disables an endpoint that fails for 3 days in a row and mails the admins', async () => {
    const { workspaceId, email } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/disable`,
      events: ['message.sent'],
    });
    receiver.fallback = 503;
    await services().webhooks.sendTest(workspaceId, webhook.id);
    await settled(workspaceId, webhook.id);
    const failing = await services().webhooks.endpoints.get(workspaceId, webhook.id);
    expect(failing.failingSince).not.toBeNull();
    expect(failing.enabled).toBe(true);

    clock.advance(3 * 86_400_000 + 60_000);
    const event = { type: 'message.sent', key: 'streak-2', data: { message: { id: 'streak-2' } } };
    const [waiting] = await services().webhooks.record(workspaceId, event);
    let disabled = failing;
    await eventually(async () => {
      disabled = await services().webhooks.endpoints.get(workspaceId, webhook.id);
      return !disabled.enabled;
    }, 'the endpoint is disabled');
    expect(disabled.disabledReason).toMatch(/3 days/);
    const notice = await mail.take(email);
    expect(notice.raw).toContain(webhook.url);
    // What it had not delivered waits (a disabled endpoint is not tried) …
    expect((await log(workspaceId, webhook.id)).find((d) => d.id === waiting!.id)!.state).toBe('pending');

    // A test event still goes out (to check the receiver before enabling it); the rest waits …
    receiver.fallback = 200;
    const probe = await services().webhooks.sendTest(workspaceId, webhook.id);
    await eventually(
      async () => (await log(workspaceId, webhook.id)).find((d) => d.id === probe.id)!.state === 'succeeded',
      'the test event reached the disabled endpoint',
    );
    expect((await log(workspaceId, webhook.id)).find((d) => d.id === waiting!.id)!.state).toBe('pending');
    expect((await services().webhooks.endpoints.get(workspaceId, webhook.id)).enabled).toBe(false);

    // … and goes out once a person enables it again: the streak starts afresh.
    const enabled = await services().webhooks.endpoints.update(workspaceId, webhook.id, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    const resumed = (await settled(workspaceId, webhook.id, 3)).find((d) => d.id === waiting!.id)!;
    expect(resumed.state).toBe('succeeded');
  });

  it('refuses private, loopback, link-local and metadata addresses, and never follows a redirect', async () => {
    const { workspaceId } = await workspace();
    const strict = compose({ allowInsecureWebhooks: false });
    const create = (url: string, via = services()) =>
      via.webhooks.endpoints.create(workspaceId, { url, events: ['message.sent'] });
    for (const url of [
      'http://127.0.0.1:9/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://100.64.0.1/x',
      'https://[fd00::1]/x',
      'http://example.com/x',
    ])
      await expect(create(url, strict.services), url).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    // Loopback is what the setting allows; other private addresses stay refused with it.
    for (const url of [
      'https://10.0.0.1/x',
      'https://169.254.169.254/',
      'https://[::ffff:10.0.0.1]/',
      'http://10.0.0.1/',
    ])
      await expect(create(url), url).rejects.toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    await strict.close();

    // A name that resolves to a private address: refused before any connection.
    resolved['hooks.internal.test'] = ['203.0.113.7', '10.1.2.3'];
    const sneaky = await create('https://hooks.internal.test/x');
    resolved['metadata.test'] = ['::ffff:169.254.169.254'];
    const metadata = await create('https://metadata.test/x');
    await services().webhooks.sendTest(workspaceId, sneaky.webhook.id);
    await services().webhooks.sendTest(workspaceId, metadata.webhook.id);
    for (const id of [sneaky.webhook.id, metadata.webhook.id]) {
      const [delivery] = await settled(workspaceId, id);
      expect(delivery!.state).toBe('failed');
      expect(delivery!.attempts.every((a) => a.statusCode === null && /does not call/.test(a.error ?? ''))).toBe(true);
    }

    // A redirect to a private address is an answer like any other, not followed.
    const redirect = await create(`${receiver.url}/redirect`);

    receiver.fallback = 302;
    await services().webhooks.sendTest(workspaceId, redirect.webhook.id);
    const [delivery] = await settled(workspaceId, redirect.webhook.id);
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302, 302]);
    expect(got('redirect').every((r) => r.url === '/hooks/redirect')).toBe(true);
  });

  it('signs with both secrets during a rotation’s overlap, then with the new one only', async () => {
    const { workspaceId } = await workspace();
    const { webhook, secret: old } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/rotation`,
      events: ['message.sent'],
    });
    const rotated = await services().webhooks.endpoints.rotateSecret(workspaceId, webhook.id, { overlapHours: 24 });
    expect(rotated.secret).not.toBe(old);
    expect(rotated.webhook.previousSecretExpiresAt).not.toBeNull();

    await services().webhooks.sendTest(workspaceId, webhook.id);
    await settled(workspaceId, webhook.id);
    let request = got('rotation')[0]!;
    let header = String(request.headers['switchboard-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verify(request.body, header, old)).toBe(true);
    expect(verify(request.body, header, rotated.secret)).toBe(true);

    clock.advance(25 * 3_600_000);

    await services().webhooks.sendTest(workspaceId, webhook.id);
    await settled(workspaceId, webhook.id, 2);
    request = got('rotation')[1]!;
    header = String(request.headers['switchboard-signature']);
    expect(header.match(/v1=/g)).toHaveLength(1);
    // The receiver's clock is real, the server's moved on: the tolerance is widened for that.
    expect(verify(request.body, header, rotated.secret, 10 ** 9)).toBe(true);
    expect(verify(request.body, header, old, 10 ** 9)).toBe(false);
  });

  it('keeps workspaces apart and records nothing for work that rolled back', async () => {
    const a = await workspace();
    const b = await workspace();
    const mine = await services().webhooks.endpoints.create(a.workspaceId, {
      url: receiver.url,
      events: ['message.received'],
    });
    const theirs = await services().webhooks.endpoints.create(b.workspaceId, {
      url: receiver.url,
      events: ['message.received'],
    });
    await expect(services().webhooks.endpoints.get(b.workspaceId, mine.webhook.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(services().webhooks.deliveries(b.workspaceId, mine.webhook.id, 10)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await services().webhooks.endpoints.list(b.workspaceId)).map((w) => w.id)).toEqual([theirs.webhook.id]);
    await services().messaging.host.receiveInbound({
      networkId: a.sandboxId,
      from: '+12025550122',
      body: 'for a only',
      providerMessageId: 'webhook-iso-1',
    });
    await settled(a.workspaceId, mine.webhook.id);
    expect(await log(b.workspaceId, theirs.webhook.id)).toEqual([]);

    await expect(
      database.db.transaction(async (tx) => {
        await services().webhooks.record(
          a.workspaceId,
          { type: 'message.received', key: 'rolled-back', data: {} },
          { within: { tx, afterCommit: () => {} } },
        );
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect((await log(a.workspaceId, mine.webhook.id)).map((d) => d.eventType)).toEqual(['message.received']);
  });

  it('resends a delivery as the same event, and loses nothing when restarted in the middle of retries', async () => {
    const { workspaceId } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/restart`,
      events: ['message.sent'],
    });
    await services().webhooks.sendTest(workspaceId, webhook.id);
    const [first] = await settled(workspaceId, webhook.id);
    const again = await services().webhooks.resend(workspaceId, webhook.id, first!.id);
    expect(again.eventId).toBe(first!.eventId);
    const both = await settled(workspaceId, webhook.id, 2);
    expect(both.map((d) => d.eventId)).toEqual([first!.eventId, first!.eventId]);

    // Every attempt fails until the restart; the retry waits in the database.
    receiver.fallback = 500;
    const before = got('restart').length;
    const pending = await services().webhooks.sendTest(workspaceId, webhook.id);
    await eventually(() => got('restart').length > before, 'the first attempt');
    await composition.close();
    const inFlight = (await log(workspaceId, webhook.id)).find((d) => d.id === pending.id)!;
    expect(inFlight.state).not.toBe('succeeded');
    receiver.fallback = 200;
    composition = compose();
    await composition.networkRunner.start();
    const done = (await settled(workspaceId, webhook.id, 3)).find((d) => d.id === pending.id)!;
    expect(done.state).toBe('succeeded');
    expect(done.attempts.at(-1)!.statusCode).toBe(200);
    const bodies = got('restart')
      .slice(before)
      .map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(new Set(bodies)).toEqual(new Set([pending.eventId]));
  });

  it('takes over a delivery whose instance died while sending it, once its lease ran out', async () => {
    const { workspaceId } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/orphan`,
      events: ['message.sent'],
    });
    await composition.close();
    const orphan = await services().webhooks.sendTest(workspaceId, webhook.id);
    // What an instance killed mid-send leaves: claimed (its first try counted), lease still running.
    await database.db.execute(sql`update webhook_deliveries set state = 'delivering', attempts = 1,
      lease_until = ${new Date(Date.now() + 60_000).toISOString()} where id = ${orphan.id}`);
    composition = compose();
    await composition.networkRunner.start();
    // Several passes (every 25 ms) while the lease runs: none may take it (a weak check on a slow machine, never a false failure).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(got('orphan')).toHaveLength(0);
    clock.advance(61_000);
    const [done] = await settled(workspaceId, webhook.id);
    expect(done!.state).toBe('succeeded');
    expect(done!.attempts.map((a) => a.attempt)).toEqual([2]);
    expect(got('orphan')).toHaveLength(1);
  });

  it('with two instances delivers each event once, and sweeps the log a month later', async () => {
    const { workspaceId } = await workspace();
    const { webhook } = await services().webhooks.endpoints.create(workspaceId, {
      url: `${receiver.url}/pair`,
      events: ['message.sent'],
    });
    const second = compose();
    second.services.webhooks.dispatcher.start();
    try {
      for (let i = 0; i < 20; i++) {
        await services().webhooks.sendTest(workspaceId, webhook.id);
        await second.services.webhooks.sendTest(workspaceId, webhook.id);
      }
      const deliveries = await settled(workspaceId, webhook.id, 40);
      expect(deliveries.map((d) => [d.state, d.attempts.length])).toEqual(deliveries.map(() => ['succeeded', 1]));
      const ids = got('pair').map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);

      // A month on, the hourly sweep (its first pass runs when it starts) empties the log.
      clock.advance(31 * 86_400_000);
      await second.services.webhooks.dispatcher.stop();
      second.services.webhooks.dispatcher.start();
      await eventually(async () => (await log(workspaceId, webhook.id)).length === 0, 'the log is swept');
    } finally {
      await second.close();
    }
  });
});
