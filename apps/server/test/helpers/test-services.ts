import type { ServerToClientEvents } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { InboundResult } from '../../src/channels/channel.js';
import { createServices, type Composition, type ServicesConfig } from '../../src/composition.js';
import { createSoleInstanceBus, type ClusterBus } from '../../src/cluster/cluster-bus.js';
import type { Database, Db } from '../../src/db/database.js';
import type { WebhookTuning } from '../../src/modules/webhooks/webhooks.service.js';
import type { EventPublisher } from '../../src/realtime/publisher.js';
import { waitUntil } from './socket-clients.js';
import { TEST_PASSWORD } from './test-app.js';
import { openTestDatabase } from './test-database.js';

/**
 * The middle test tier (immich's "medium" tests): every service composed as in production, on a
 * fresh migrated database, with no HTTP server, sockets or routes. Business rules are tested here;
 * route tests keep what only routes show (validation, status codes, roles, isolation).
 */
export interface TestServices extends Composition {
  db: Db;
  database: Database;
  /** Every event the services published, in order. */
  events: RecordedEvents;
  /**
   * A second instance's services on the same database, as another process behind a load
   * balancer would have them (its own events; not started; no bus to this one unless `bus` is
   * given, e.g. database.openClusterBus on PostgreSQL). Close it first.
   */
  anotherInstance(bus?: ClusterBus): Composition & { events: RecordedEvents };
  /** Registers a new workspace with its admin (and its Sandbox network). */
  workspace(name?: string): Promise<TestWorkspace>;
  /** A text from `from` arriving on a network as its channel hands it over (a new provider id each time). */
  receive(networkId: string, from: string, body: string, receivedAt?: Date): Promise<InboundResult>;
  close(): Promise<void>;
}

export interface TestWorkspace {
  workspaceId: string;
  userId: string;
  /** The workspace's Sandbox network (every new workspace has one). */
  sandbox: { id: string; address: string };
}

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface RecordedEvent {
  workspaceId: string;
  event: EventName;
  payload: unknown;
}

export interface RecordedUserEvent {
  userId: string;
  event: EventName;
  payload: unknown;
}

export interface RecordedEvents {
  all: RecordedEvent[];
  /** Events sent to one user's own sockets (`toUser`), in order. */
  toUsers: RecordedUserEvent[];
  /** The payloads of one event sent to one workspace, oldest first. */
  of<E extends EventName>(workspaceId: string, event: E): Payload<E>[];
  /** Waits (generously: these machines are busy) until `find` finds something among `of(…)`. */
  waitFor<E extends EventName>(
    workspaceId: string,
    event: E,
    find?: (payload: Payload<E>) => boolean,
  ): Promise<Payload<E>>;
}

/** Billing on the offline test provider, no tax. */
export const TEST_BILLING_CONFIG: ServicesConfig['billing'] = {
  stripe: null,
  paypal: null,
  taxRatePercent: 0,
  seller: 'Switchboard|Switchboard Messaging Ltd.|billing@switchboard.local',
};

const TEST_CONFIG: ServicesConfig = {
  publicUrl: 'http://localhost:5000',
  filesDir: '/nonexistent-test-files-dir',
  accessTokenTtl: 900,
  refreshTokenTtl: 2_592_000,
  smtpUrl: undefined,
  mailFrom: 'Switchboard <no-reply@localhost>',
  sandboxDeliveryMs: 20,
  messageLeaseSeconds: 30,
  allowInsecureWebhooks: false,
  webhookTimeoutMs: 10_000,
  billing: TEST_BILLING_CONFIG,
};

function recordingPublisher(): EventPublisher & { recorded: RecordedEvents } {
  const all: RecordedEvent[] = [];
  const toUsers: RecordedUserEvent[] = [];
  const of = <E extends EventName>(workspaceId: string, event: E) =>
    all.filter((e) => e.workspaceId === workspaceId && e.event === event).map((e) => e.payload as Payload<E>);
  return {
    toWorkspace(workspaceId, event, ...payload) {
      all.push({ workspaceId, event, payload: payload[0] });
    },
    toUser(userId, event, ...payload) {
      toUsers.push({ userId, event, payload: payload[0] });
    },
    recorded: {
      all,
      toUsers,
      of,
      waitFor: (workspaceId, event, find = () => true) =>
        waitUntil(
          () => of(workspaceId, event).find(find),
          () => `no matching ${event} for workspace ${workspaceId} (got ${JSON.stringify(of(workspaceId, event))})`,
          15_000,
        ),
    },
  };
}

export const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLogger,
};

/**
 * Every service on a fresh database. `start` (default true) starts the network runner, so
 * queued messages are dispatched (the Sandbox answers `sent`, then `delivered`).
 */
export async function createTestServices(
  options: {
    config?: Partial<ServicesConfig>;
    start?: boolean;
    bus?: ClusterBus;
    webhookTuning?: WebhookTuning;
    /** A database opened already (to open its cluster buses first); the caller closes it. */
    database?: Database;
    /** Embedded PGlite on its own thread, as the server runs it (see openTestDatabase). */
    thread?: boolean;
  } = {},
): Promise<TestServices> {
  const database = options.database ?? (await openTestDatabase({ thread: options.thread }));
  const events = recordingPublisher();
  const compose = (publisher: EventPublisher, bus: ClusterBus) =>
    createServices({
      config: { ...TEST_CONFIG, ...options.config },
      keys: {
        jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
        secretsKey: 'test-secrets-key-that-is-at-least-32-characters',
      },
      db: database.db,
      soleInstance: database.dialect === 'pglite',
      log: silentLogger,
      events: publisher,
      bus,
      webhookTuning: options.webhookTuning,
    });
  const composition = compose(events, options.bus ?? createSoleInstanceBus());
  if (options.start ?? true) await composition.networkRunner.start();
  let workspaces = 0;
  let received = 0;
  return {
    ...composition,
    db: database.db,
    database,
    events: events.recorded,
    anotherInstance(bus) {
      const recorder = recordingPublisher();
      return { ...compose(recorder, bus ?? createSoleInstanceBus()), events: recorder.recorded };
    },
    async workspace(name = `Workspace ${++workspaces}`) {
      const email = `admin-${workspaces}-${Math.random().toString(36).slice(2, 8)}@service.test`;
      const session = await composition.services.auth.register({ displayName: name, email, password: TEST_PASSWORD });
      const { workspaceId, id: userId } = session.userData;
      const [sandbox] = await composition.services.networks.list(workspaceId);
      if (!sandbox) throw new Error('a new workspace has no Sandbox network');
      return { workspaceId, userId, sandbox: { id: sandbox.id, address: sandbox.address } };
    },
    receive: (networkId, from, body, receivedAt) =>
      composition.services.messaging.host.receiveInbound({
        networkId,
        from,
        body,
        providerMessageId: `test-inbound-${++received}`,
        receivedAt,
      }),
    async close() {
      await composition.close();
      if (!options.database) await database.close();
    },
  };
}

/** Services and one new workspace: how most service test files start. */
export async function servicesWithWorkspace(
  name?: string,
): Promise<{ t: TestServices; workspaceId: string; userId: string; sandboxId: string }> {
  const t = await createTestServices();
  const { workspaceId, userId, sandbox } = await t.workspace(name);
  return { t, workspaceId, userId, sandboxId: sandbox.id };
}
