import type { WebhookFormat } from '@switchboard/contract';
import type { SecretBox } from '../../lib/secret-box.js';
import { signingSecrets } from './webhook-endpoints.js';
import type { WebhookEvent } from './webhook-outbox.js';
import { signatureHeader } from './webhook-sender.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/** An endpoint as the fan-out sees it (cached per workspace). */
export interface WebhookSubscription {
  id: string;
  enabled: boolean;
  events: string[];
  format: string;
  /** Only events of this network (SMSGate's `deviceId`); null: every network. */
  deviceId: string | null;
  smsgateId: string | null;
  smsgateEvent: string | null;
}

/** One delivery row's content: what is sent (the body, stored as sent) and what the log calls it. */
export interface FormattedDelivery {
  eventId: string;
  eventType: string;
  body: string;
}

/**
 * How one format turns events into bodies and signs them. `prepare` runs once per event (it may
 * read what the format needs); it answers how to make each endpoint's delivery, or null when the
 * event has no form in this format.
 */
export interface WebhookFormatter {
  prepare(
    workspaceId: string,
    event: WebhookEvent,
    eventId: string,
    createdAt: Date,
  ): Promise<((target: WebhookSubscription) => FormattedDelivery) | null>;
  /** The headers of one attempt, signed at `at` (every attempt is signed anew). */
  headers(delivery: DeliveryRow, endpoint: EndpointRow, at: Date): Promise<Record<string, string>>;
}

export type WebhookFormatters = Record<WebhookFormat, WebhookFormatter>;

/** The body every Switchboard delivery of an event carries: `{ id, type, createdAt, data }`. */
export function eventBody(eventId: string, type: string, createdAt: Date, data: unknown): string {
  return JSON.stringify({ id: eventId, type, createdAt: createdAt.toISOString(), data });
}

/** Switchboard's own format: one body per event for every endpoint, `Switchboard-Signature: t=,v1=`. */
export function switchboardFormat(secretBox: SecretBox): WebhookFormatter {
  return {
    async prepare(_workspaceId, event, eventId, createdAt) {
      const body = eventBody(eventId, event.type, createdAt, event.data);
      return () => ({ eventId, eventType: event.type, body });
    },
    async headers(delivery, endpoint, at) {
      return {
        'user-agent': 'Switchboard-Webhooks/1',
        'switchboard-signature': signatureHeader(
          delivery.body,
          signingSecrets(endpoint, secretBox, at),
          Math.floor(at.getTime() / 1000),
        ),
        'switchboard-event-id': delivery.eventId,
        'switchboard-event-type': delivery.eventType,
      };
    },
  };
}

/** Whether an endpoint receives an event: enabled, subscribed to its type, and of its network when it names one. */
export function subscribes(target: WebhookSubscription, event: WebhookEvent): boolean {
  return (
    target.enabled &&
    target.events.includes(event.type) &&
    (target.deviceId === null || target.deviceId === (event.networkId ?? null))
  );
}
