import type { ServerToClientEvents } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../lib/mailer.js';
import type { JobTurns } from '../../lib/periodic-job.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { toApiMessage } from '../developer-api/api-messages.js';
import type { ContactsService } from '../contacts/contacts.service.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { NetworksService } from '../networks/networks.service.js';
import type { UsersService } from '../users/users.service.js';
import { createApiCallbacks } from './api-callbacks.js';
import { systemResolver, type Resolver } from './webhook-address.js';
import { createWebhookDispatcher, type WebhookTiming } from './webhook-dispatcher.js';
import { createWebhookEndpoints } from './webhook-endpoints.js';
import { webhookEventOf, type WebhookEventSources } from './webhook-events.js';
import { createWebhookLog } from './webhook-log.js';
import { createWebhookNotices } from './webhook-notices.js';
import { switchboardFormat, type WebhookFormatters } from './webhook-formats.js';
import { createWebhookOutbox } from './webhook-outbox.js';
import { smsgateFormat } from './smsgate-format.js';
import { createSmsgateSigningKeys } from './smsgate-signing-key.js';
import { createSmsgateWebhooks } from './smsgate-webhooks.js';
import {
  createWebhookDeliveriesRepository,
  createWebhookEndpointsRepository,
  type EndpointRow,
} from './webhooks.repository.js';

export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  timeoutMs: 10_000,
  maxAttempts: 8,
  retryBaseMs: 11 * 60_000,
  failureWindowMs: 3 * 86_400_000,
  leaseMs: 60_000,
};

/** What a test may change: the clock, the resolver, the timing, how often the dispatcher looks. */
export interface WebhookTuning {
  timing?: Partial<WebhookTiming>;
  now?: () => Date;
  random?: () => number;
  resolver?: Resolver;
  /** The dispatcher looks for due retries this often (and at once when an event is recorded). */
  pollMs?: number;
}

export interface WebhooksDeps {
  db: Db;
  secretBox: SecretBox;
  messaging: Pick<MessagingService, 'api'>;
  users: Pick<UsersService, 'members'>;
  contacts: Pick<ContactsService, 'get'>;
  /** SMSGate-format webhooks: a device filter names an Android network; payloads carry the network's address. */
  networks: Pick<NetworksService, 'list' | 'summaries' | 'onChange'>;
  mailer: Mailer;
  publicUrl: string;
  allowInsecure: boolean;
  log: FastifyBaseLogger;
  /** Deliveries stored here wake the dispatchers of the other instances too ('webhooks.due'). */
  bus: ClusterBus;
  tuning?: WebhookTuning;
}

/**
 * Outgoing webhooks: endpoints (webhook-endpoints.ts), the fan-out of events into delivery rows
 * (webhook-outbox.ts), the dispatcher that sends them (webhook-dispatcher.ts, through the SSRF
 * checks of webhook-address.ts and webhook-sender.ts), the log, test events and resends.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const tuning = deps.tuning ?? {};
  const now = tuning.now ?? (() => new Date());
  const timing = { ...DEFAULT_WEBHOOK_TIMING, ...tuning.timing };
  const endpointsRepo = createWebhookEndpointsRepository(deps.db);
  const deliveriesRepo = createWebhookDeliveriesRepository(deps.db);
  const loop = createDispatchLoop(tuning.pollMs ?? 5_000, () => dispatcher.pass(), deps.log, deps.bus);
  const signingKeys = createSmsgateSigningKeys(deps.db, deps.secretBox);
  const networkAddresses = createNetworkAddresses(deps.networks);
  const formats: WebhookFormatters = {
    switchboard: switchboardFormat(deps.secretBox),
    smsgate: smsgateFormat({
      signingKey: signingKeys.get,
      networkAddress: async (workspaceId, networkId) =>
        (await networkAddresses(workspaceId)).find((network) => network.id === networkId)?.address || null,
    }),
  };
  const outbox = createWebhookOutbox({
    endpoints: endpointsRepo,
    deliveries: deliveriesRepo,
    formats,
    now,
    wake: loop.due,
  });
  const notices = createWebhookNotices(deps.bus, outbox, signingKeys);
  const smsgate = createSmsgateWebhooks({
    endpoints: endpointsRepo,
    secretBox: deps.secretBox,
    allowInsecure: deps.allowInsecure,
    androidNetworkIds: async (workspaceId) =>
      (await deps.networks.list(workspaceId)).filter((n) => n.kind === 'android').map((n) => n.id),
    changed: notices.endpointsChanged,
  });
  const callbacks = createApiCallbacks({ ...deps, record: outbox.record });
  const endpoints = createWebhookEndpoints({
    endpoints: endpointsRepo,
    secretBox: deps.secretBox,
    allowInsecure: deps.allowInsecure,
    now,
    changed: notices.endpointsChanged,
  });
  const log = createWebhookLog({ endpoints, deliveries: deliveriesRepo, outbox, now, wake: loop.due, log: deps.log });
  const dispatcher = createWebhookDispatcher({
    endpoints: endpointsRepo,
    deliveries: deliveriesRepo,
    formats,
    timing,
    resolver: tuning.resolver ?? systemResolver,
    allowLoopback: deps.allowInsecure,
    now,
    random: tuning.random ?? Math.random,
    log: deps.log,
    disabled: (endpoint) => notifyAdmins(endpoint),
  });

  async function notifyAdmins(endpoint: EndpointRow): Promise<void> {
    notices.endpointsChanged(endpoint.workspaceId);
    const admins = (await deps.users.members.list(endpoint.workspaceId)).filter(
      (member) => member.role === 'admin' && member.status === 'active',
    );
    const text = [
      `Switchboard disabled the webhook ${endpoint.url}: ${endpoint.disabledReason ?? 'it kept failing.'}`,
      '',
      `Fix the receiver, then enable the webhook again on the developer page: ${deps.publicUrl}/views/developers`,
    ].join('\n');
    for (const admin of admins) {
      await deps.mailer
        .send({ to: admin.email, subject: 'A webhook was disabled', text })
        .catch((error: unknown) => deps.log.error({ err: error }, 'the webhook notice could not be mailed'));
    }
  }

  const sources: WebhookEventSources = {
    async apiMessage(workspaceId, id) {
      const found = await deps.messaging.api.find(workspaceId, id);
      return found ? toApiMessage(found.message, found.phoneNumber) : null;
    },
    async latestConsent(workspaceId, contactId) {
      return (await deps.contacts.get(workspaceId, contactId)).consent[0];
    },
    now,
  };

  /** A socket event offered by the tap: recorded as a webhook event when an endpoint wants it. */
  function offer(workspaceId: string, event: keyof ServerToClientEvents, payload: unknown): void {
    callbacks.offer(workspaceId, event, payload);
    const pending = webhookEventOf(event, payload, sources, workspaceId);
    if (!pending) return;
    void (async () => {
      if (!(await outbox.wants(workspaceId, pending.types))) return;
      const resolved = await pending.resolve();
      if (resolved) await outbox.record(workspaceId, resolved);
    })().catch((error: unknown) => deps.log.error({ err: error, event }, 'a webhook event was not recorded'));
  }

  return {
    endpoints,
    /** The developer API's `callbackUrl`: a message's own webhook (api-callbacks.ts). */
    callbacks,
    /** `/api/3rdparty/v1/webhooks`: SMSGate-format endpoints, and the workspace's key that signs them. */
    smsgate: { ...smsgate, signingKey: { get: signingKeys.get, set: notices.setSigningKey } },
    offer,
    /** Records an event directly (in `tx`: it commits or rolls back with the work). */
    record: outbox.record,
    /** The dispatcher and the log's sweep: start and stop with the network runner. */
    dispatcher: {
      start(turns?: JobTurns) {
        loop.start();
        log.sweeper.start(turns);
      },
      async stop() {
        await log.sweeper.stop();
        await loop.stop();
      },
    },
    deliveries: log.list,
    sendTest: log.sendTest,
    resend: log.resend,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;

/**
 * The workspace's networks' own addresses, trusted for 30 s: every SMSGate-format message event
 * reads its network's. A network changed on any instance drops them all (networks are rarely edited).
 */
function createNetworkAddresses(networks: Pick<NetworksService, 'summaries' | 'onChange'>) {
  const cache = new Map<string, { at: number; rows: Promise<{ id: string; address: string }[]> }>();
  networks.onChange(() => cache.clear());
  return (workspaceId: string) => {
    const hit = cache.get(workspaceId);
    if (hit && Date.now() - hit.at < 30_000) return hit.rows;
    const rows = networks.summaries(workspaceId);
    rows.catch(() => cache.delete(workspaceId));
    if (cache.size > 10_000) cache.clear();
    cache.set(workspaceId, { at: Date.now(), rows });
    return rows;
  };
}

/**
 * Runs `pass` every `pollMs` and at once when woken; never two passes at once, a wake during one
 * runs another after it. `due` (new deliveries) wakes this instance's loop and, through a
 * 'webhooks.due' notice, every other one's: any may claim them, and the poll alone would leave
 * them up to `pollMs` on an instance that is busy or whose dispatcher is stopped.
 */
function createDispatchLoop(pollMs: number, pass: () => Promise<void>, log: FastifyBaseLogger, bus: ClusterBus) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  function wake() {
    if (!timer) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, 'a webhook dispatch pass failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }
  bus.on('webhooks.due', wake);
  bus.onResync(wake);
  return {
    due() {
      wake();
      void bus.broadcast('webhooks.due', {});
    },
    start() {
      if (timer) return;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      while (running) await running;
    },
  };
}
