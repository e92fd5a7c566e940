import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { createWebhookDeliveriesRepository, createWebhookEndpointsRepository } from './webhooks.repository.js';

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
}

export interface WebhookOutboxDeps {
  endpoints: ReturnType<typeof createWebhookEndpointsRepository>;
  deliveries: ReturnType<typeof createWebhookDeliveriesRepository>;
  now: () => Date;
  /** Wakes the dispatcher: there is new work. */
  wake(): void;
}

/** The body every delivery of an event carries: `{ id, type, createdAt, data }`. */
export function eventBody(eventId: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
}

/**
 * The fan-out: an event becomes one delivery row per enabled endpoint that subscribes to its type.
 * The endpoints are cached per workspace for a few seconds (every sent message asks), so a
 * workspace without webhooks costs no query per event in steady state.
 */
export function createWebhookOutbox(deps: WebhookOutboxDeps) {
  const cache = new Map<string, { at: number; endpoints: Promise<{ id: string; events: string[] }[]> }>();

  function subscriptions(workspaceId: string) {
    const hit = cache.get(workspaceId);
    if (hit && Date.now() - hit.at < SUBSCRIPTIONS_TTL_MS) return hit.endpoints;
    const endpoints = deps.endpoints
      .list(workspaceId)
      .then((rows) => rows.filter((row) => row.enabled).map((row) => ({ id: row.id, events: row.events })));
    endpoints.catch(() => cache.delete(workspaceId));
    if (cache.size > 10_000) cache.clear();
    cache.set(workspaceId, { at: Date.now(), endpoints });
    return endpoints;
  }

  return {
    forget: (workspaceId: string) => cache.delete(workspaceId),
    /** Whether any endpoint of the workspace wants one of these types (so the event's data is only built then). */
    async wants(workspaceId: string, types: string[]): Promise<boolean> {
      return (await subscriptions(workspaceId)).some((endpoint) =>
        types.some((type) => endpoint.events.includes(type)),
      );
    },
    /**
     * Stores the event's deliveries (in `tx` when given: then they commit or roll back with the
     * work) and wakes the dispatcher. `only` targets one endpoint whatever it subscribes to (the
     * test event, a resend).
     */
    async record(workspaceId: string, event: WebhookEvent, options: { tx?: Db; only?: string; eventId?: string } = {}) {
      const targets = options.only
        ? [options.only]
        : (await subscriptions(workspaceId)).filter((e) => e.events.includes(event.type)).map((e) => e.id);
      if (targets.length === 0) return [];
      const now = deps.now();
      const eventId = options.eventId ?? randomUUID();
      const body = eventBody(eventId, event.type, now, event.data);
      const rows = await deps.deliveries.enqueue(
        targets.map((endpointId) => ({
          workspaceId,
          endpointId,
          eventId,
          eventType: event.type,
          eventKey: event.key,
          body,
          nextAttemptAt: now,
        })),
        options.tx,
      );
      if (rows.length > 0) deps.wake();
      return rows;
    },
  };
}

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;
