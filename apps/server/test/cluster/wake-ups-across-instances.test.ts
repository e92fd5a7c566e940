import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterBus } from '../../src/cluster/cluster-bus.js';
import type { Database } from '../../src/db/database.js';
import { waitUntil } from '../helpers/socket-clients.js';
import {
  createAndroidNetwork,
  createListeningTestApp,
  pairPhone,
  type EventStream,
  type SmsGateDevice,
} from '../helpers/smsgate-device.js';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** What the issue allows from work queued on one instance to the wake-up on the other. */
const WITHIN_MS = 1_000;
const quiet = { warn: () => {}, error: () => {} };

/**
 * Two instances on one PostgreSQL database: what one queues wakes what the other holds — a
 * phone's event stream, a webhook dispatcher — through cluster notices, within a second.
 */
describe.skipIf(!onPostgres)('wake-ups across instances on PostgreSQL', () => {
  describe('a phone streaming to instance A', () => {
    let shared: TestDatabase;
    let second: Database;
    let a: TestApp & { baseUrl: string };
    let b: TestApp;
    let workspaceId: string;
    let networkId: string;
    let phone: SmsGateDevice;
    let stream: EventStream;

    beforeAll(async () => {
      shared = await openTestDatabase();
      second = await shared.reopen!();
      a = await createListeningTestApp({}, { database: shared });
      b = await createTestApp({ PUBLIC_URL: a.baseUrl }, { database: second });
      const admin = await register(a.app, 'admin@wake-phone.example');
      workspaceId = admin.userData.workspaceId;
      ({ networkId, phone } = await pairPhone(a, admin.authorization));
      stream = await phone.openEvents();
      await stream.next('SettingsUpdated');
    });
    afterAll(async () => {
      stream?.close();
      await b?.close();
      await a?.close();
      await second?.close();
      await shared?.close();
    });

    it('is woken within a second by a message queued on B', async () => {
      const started = Date.now();
      const queued = await b.app.services.messaging.queue({
        workspaceId,
        networkId,
        to: '+14155550123',
        body: 'queued on B',
        origin: 'api',
      });
      await stream.next('MessageEnqueued', 10_000);
      expect(Date.now() - started).toBeLessThan(WITHIN_MS);
      const pulled = await phone.pullMessages();
      expect(pulled.body.map((m) => m.id)).toContain(queued.id);
    });

    it('shows as streaming on B, which sends its events through A (an inbox export, a settings change)', async () => {
      await expect
        .poll(async () => {
          const { settings } = await b.app.services.networks.get(workspaceId, networkId);
          return 'device' in settings ? settings.device?.streaming : undefined;
        })
        .toBe(true);

      const until = new Date();
      const since = new Date(until.getTime() - 86_400_000);
      await b.app.services.smsgateApi.inbox.requestExport(workspaceId, {
        deviceId: networkId,
        since: since.toISOString(),
        until: until.toISOString(),
      });
      const requested = await stream.next('MessagesExportRequested', 10_000);
      expect(requested.data).toMatchObject({ since: since.toISOString(), until: until.toISOString() });

      await b.app.services.smsgateApi.settings.replace(workspaceId, { messages: { send_interval_min: 5 } });
      await stream.next('SettingsUpdated', 10_000);
    });

    it('shows as not streaming on B soon after the phone hangs up on A', async () => {
      stream.close();
      await expect
        .poll(
          async () => {
            const { settings } = await b.app.services.networks.get(workspaceId, networkId);
            return 'device' in settings ? settings.device?.streaming : undefined;
          },
          { timeout: 10_000 },
        )
        .toBe(false);
    });
  });

  describe('a phone replaced through instance B', () => {
    let shared: TestDatabase;
    let second: Database;
    let a: TestApp & { baseUrl: string };
    let b: TestApp;

    beforeAll(async () => {
      shared = await openTestDatabase();
      second = await shared.reopen!();
      a = await createListeningTestApp({}, { database: shared });
      b = await createTestApp({ PUBLIC_URL: a.baseUrl }, { database: second });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await second?.close();
      await shared?.close();
    });

    it('ends the old phone’s stream held by A', async () => {
      const admin = await register(a.app, 'admin@wake-replaced.example');
      const { registration, phone } = await createAndroidNetwork(a, admin.authorization);
      expect((await phone.register(registration.token)).status).toBe(201);
      await phone.start();
      const old = await phone.openEvents();
      await old.next('SettingsUpdated');
      // The same registration token again (a phone reset, or another phone): it replaces the paired one.
      const registered = await b.app.inject({
        method: 'POST',
        url: '/api/mobile/v1/device',
        headers: { authorization: `Bearer ${registration.token}` },
        payload: { name: 'The new phone' },
      });
      expect(registered.statusCode).toBe(201);
      const ended = await Promise.race([
        old.ended,
        new Promise((resolve) => setTimeout(resolve, 10_000, 'still open')),
      ]);
      expect(ended).toBe('server');
    });
  });

  describe('webhook deliveries', () => {
    let t: TestServices;
    let other: ReturnType<TestServices['anotherInstance']>;
    let busA: ClusterBus;
    let busB: ClusterBus;
    let receiver: WebhookReceiver;
    let database: Database;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      database = await openTestDatabase();
      busA = await database.openClusterBus(quiet);
      busB = await database.openClusterBus(quiet);
      // A polls once a minute: a delivery sent within a second was woken by B's notice.
      t = await createTestServices({
        database,
        bus: busA,
        config: { allowInsecureWebhooks: true },
        webhookTuning: { pollMs: 60_000 },
      });
      // B's dispatcher never runs (not started): only A's can send what B stores.
      other = t.anotherInstance(busB);
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
      await busA?.close();
      await busB?.close();
      await database?.close();
      await receiver?.close();
    });

    it('a delivery stored on B is sent by A’s dispatcher within a second', async () => {
      const { workspaceId } = await t.workspace();
      const { webhook } = await other.services.webhooks.endpoints.create(workspaceId, {
        url: `${receiver.url}/across`,
        events: ['message.received'],
      });
      const started = Date.now();
      await other.services.webhooks.sendTest(workspaceId, webhook.id);
      await waitUntil(
        () => receiver.received.find((r) => r.url === '/hooks/across'),
        () => `the receiver got ${JSON.stringify(receiver.received.map((r) => r.url))}`,
        10_000,
      );
      expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    });
  });
});
