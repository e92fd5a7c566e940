import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { TxContext } from '../messaging/outbound.js';
import { subscribes, type WebhookFormatters, type WebhookSubscription } from './webhook-formats.js';
import type {
  createWebhookDeliveriesRepository,
  createWebhookEndpointsRepository,
  NewDelivery,
} from './webhooks.repository.js';

/** How long an endpoint list is trusted per workspace; a change on this instance drops it at once. */
const SUBSCRIPTIONS_TTL_MS = 5_000;

export interface WebhookEvent {
  /** A WebhookEventType, or `webhook.test`. */
  type: string;
  /**
   * What makes this event one event: the same key for the same endpoint is stored once, so an
   * announcement repeated (a message published twice as `sent`) is delivered once.
   */
  key: string;
  /** The public shape of what happened (no workspace ids, no secrets). */
  data: unknown;
  /** The network it happened on, if any (endpoints limited to one network, SMSGate's `deviceId`, match on it). */
  networkId?: string | null;
}

export interface WebhookOutboxDeps {
  endpoints: ReturnType<typeof createWebhookEndpointsRepository>;
  deliveries: ReturnType<typeof createWebhookDeliveriesRepository>;
  formats: WebhookFormatters;
  now: () => Date;
  /** Wakes the dispatcher: there is new work. */
  wake(): void;
}

/**
 * The fan-out: an event becomes one delivery row per enabled endpoint that subscribes to its type
 * (and its network, when the endpoint names one), in the endpoint's format. The endpoints are
 * cached per workspace for a few seconds (every sent message asks), so a workspace without
 * webhooks costs no query per event in steady state.
 */
export function createWebhookOutbox(deps: WebhookOutboxDeps) {
  const cache = new Map<string, { at: number; endpoints: Promise<WebhookSubscription[]> }>();

  /**
   * In a caller's transaction (`tx`) read in it, uncached: its connection may be the only one
   * (PGlite), and a cached read still under way outside it would wait for it to end, which waits
   * for the read (on the embedded database's thread, for ever).
   */
  function subscriptions(workspaceId: string, tx?: Db) {
    const hit = tx ? undefined : cache.get(workspaceId);
    if (hit && Date.now() - hit.at < SUBSCRIPTIONS_TTL_MS) return hit.endpoints;
    const endpoints = deps.endpoints.list(workspaceId, tx).then((rows) =>
      rows.map((row): WebhookSubscription => ({
        id: row.id,
        enabled: row.enabled,
        events: row.events,
        format: row.format,
        deviceId: row.deviceId,
        smsgateId: row.smsgateId,
        smsgateEvent: row.smsgateEvent,
      })),
    );
    if (tx) return endpoints;
    endpoints.catch(() => cache.delete(workspaceId));
    if (cache.size > 10_000) cache.clear();
    cache.set(workspaceId, { at: Date.now(), endpoints });
    return endpoints;
  }

  /** The delivery rows of one event: per format present among its targets, the format's bodies. */
  async function deliveriesOf(
    workspaceId: string,
    event: WebhookEvent,
    targets: WebhookSubscription[],
    eventId: string,
    now: Date,
  ): Promise<NewDelivery[]> {
    const rows: NewDelivery[] = [];
    for (const format of new Set(targets.map((target) => target.format))) {
      const formatter = deps.formats[format as keyof WebhookFormatters] ?? deps.formats.switchboard;
      const make = await formatter.prepare(workspaceId, event, eventId, now);
      if (!make) continue;
      for (const target of targets.filter((t) => t.format === format)) {
        const { eventId: id, eventType, body } = make(target);
        rows.push({
          workspaceId,
          endpointId: target.id,
          eventId: id,
          eventType,
          eventKey: event.key,
          body,
          nextAttemptAt: now,
        });
      }
    }
    return rows;
  }

  /** Rows stored in a caller's transaction wake the dispatchers once it commits: before, none could see them. */
  async function enqueue(rows: NewDelivery[], within?: TxContext) {
    const stored = await deps.deliveries.enqueue(rows, within?.tx);
    if (stored.length === 0) return stored;
    if (within) within.afterCommit(deps.wake);
    else deps.wake();
    return stored;
  }

  return {
    forget: (workspaceId: string) => cache.delete(workspaceId),
    /** Whether any endpoint of the workspace wants one of these types (so the event's data is only built then). */
    async wants(workspaceId: string, types: string[]): Promise<boolean> {
      return (await subscriptions(workspaceId)).some(
        (endpoint) => endpoint.enabled && types.some((type) => endpoint.events.includes(type)),
      );
    },
    /**
     * Stores the event's deliveries (in the caller's transaction when given: then they commit or
     * roll back with the work) and wakes the dispatchers (after that commit). `only` targets one
     * endpoint whatever it subscribes to (the test event).
     */
    async record(
      workspaceId: string,
      event: WebhookEvent,
      options: { within?: TxContext; only?: string; eventId?: string } = {},
    ) {
      const tx = options.within?.tx;
      let all = await subscriptions(workspaceId, tx);
      if (options.only && !all.some((endpoint) => endpoint.id === options.only)) {
        cache.delete(workspaceId); // made on another instance within the cache's time
        all = await subscriptions(workspaceId, tx);
      }
      const targets = options.only
        ? all.filter((endpoint) => endpoint.id === options.only)
        : all.filter((endpoint) => subscribes(endpoint, event));
      if (targets.length === 0) return [];
      const now = deps.now();
      const rows = await deliveriesOf(workspaceId, event, targets, options.eventId ?? randomUUID(), now);
      return enqueue(rows, options.within);
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
