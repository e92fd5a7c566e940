import { z } from 'zod';

/**
 * Outgoing webhooks (DESIGN §2 "Developer API"): a workspace's endpoints, the events they receive
 * and the log of every delivery attempt. The same shapes serve the admins' routes under
 * `/api/webhooks` and the developer API's `/api/v1/webhooks` (scope `webhooks:manage`).
 */

export const WEBHOOK_EVENT_TYPES = [
  'message.received',
  'message.sent',
  'message.delivered',
  'message.failed',
  'voice.received',
  'contact.opted_out',
  'contact.opted_in',
  'campaign.completed',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).describe('What happened.');
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The test event ("Send test event") is delivered to an endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How long the previous secret keeps signing after a rotation, by default. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

const isoUtc = z.iso.datetime();

/**
 * The event names SMSGate's third-party API accepts (`/api/3rdparty/v1/webhooks`, smsgate.md §4).
 * Switchboard sends the four of `SMSGATE_EVENT_SOURCES`; the others are accepted so SMSGate
 * clients can register them, and never fire (no data SMS, MMS, pings or app starts here).
 */
export const SMSGATE_WEBHOOK_EVENTS = [
  'sms:received',
  'sms:data-received',
  'sms:sent',
  'sms:delivered',
  'sms:failed',
  'sms:cancelled',
  'system:ping',
  'mms:received',
  'mms:downloaded',
  'app:started',
] as const;
export const SmsgateWebhookEvent = z.enum(SMSGATE_WEBHOOK_EVENTS);
export type SmsgateWebhookEvent = z.infer<typeof SmsgateWebhookEvent>;

/** The Switchboard event an SMSGate event is sent for. */
export const SMSGATE_EVENT_SOURCES: Partial<Record<SmsgateWebhookEvent, WebhookEventType>> = {
  'sms:received': 'message.received',
  'sms:sent': 'message.sent',
  'sms:delivered': 'message.delivered',
  'sms:failed': 'message.failed',
};

/** What a webhook's body and signature look like. */
export const WebhookFormat = z
  .enum(['switchboard', 'smsgate'])
  .describe(
    '`switchboard`: `{ id, type, createdAt, data }` with Switchboard-Signature; `smsgate`: SMSGate’s envelope with X-Signature (registered through /api/3rdparty/v1/webhooks).',
  );
export type WebhookFormat = z.infer<typeof WebhookFormat>;

/** SMSGate's webhook object (`/api/3rdparty/v1/webhooks`). */
export const SmsgateWebhookSchema = z.object({
  id: z.string(),
  deviceId: z.string().nullable().describe('An Android network’s id: only its events; null: every network.'),
  url: z.string(),
  event: SmsgateWebhookEvent,
});
export type SmsgateWebhook = z.infer<typeof SmsgateWebhookSchema>;

export const SmsgateWebhookBodySchema = z.object({
  id: z.string().trim().min(1).max(36).nullish().describe('Your id; the same id replaces that webhook.'),
  deviceId: z.string().max(64).nullish(),
  url: z.string().trim().min(1).max(2000),
  event: z.string().max(64),
});
export type SmsgateWebhookBody = z.input<typeof SmsgateWebhookBodySchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string().describe('Where events are POSTed (https; http only to loopback when the server allows it).'),
  description: z.string().nullable(),
  events: z.array(WebhookEventType).describe('The events delivered to it.'),
  enabled: z.boolean().describe('False: nothing is delivered (an admin disabled it, or it failed for 3 days).'),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why the server disabled it (it kept failing); null when enabled or disabled by hand.'),
  secretPrefix: z.string().describe('The start of the current signing secret (`whsec_` + 4 characters).'),
  previousSecretExpiresAt: isoUtc
    .nullable()
    .describe('Until then the previous secret signs too (a second `v1=` entry); null when none.'),
  failingSince: isoUtc.nullable().describe('When its deliveries started failing in a row; null when healthy.'),
  format: WebhookFormat,
  smsgate: SmsgateWebhookSchema.nullable().describe(
    'An SMSGate-format webhook as its SMSGate client sees it; else null.',
  ),
  createdAt: isoUtc,
  updatedAt: isoUtc,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

const url = z.string().trim().min(1).max(2000).describe('https://… (the server refuses private addresses).');
const events = z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length);

export const CreateWebhookBodySchema = z.object({
  url,
  description: z.string().trim().max(200).nullish(),
  events,
  enabled: z.boolean().default(true),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = z
  .object({
    url: url.optional(),
    description: z.string().trim().max(200).nullable().optional(),
    events: events.optional(),
    enabled: z.boolean().optional().describe('Enabling again clears the failure streak.'),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBodySchema>;

export const RotateWebhookSecretBodySchema = z
  .object({
    overlapHours: z
      .number()
      .int()
      .min(0)
      .max(168)
      .default(WEBHOOK_SECRET_OVERLAP_HOURS)
      .describe('Hours the previous secret keeps signing (0 to 168, default 24).'),
  })
  .nullish();
export type RotateWebhookSecretBody = z.input<typeof RotateWebhookSecretBodySchema>;

export const WebhookParamsSchema = z.object({ id: z.uuid() });

/** The key that signs the workspace's SMSGate-format webhooks (X-Signature); admins read and rotate it. */
export const SmsgateSigningKeyResponseSchema = z.object({
  key: z.string().describe('HMAC-SHA256 key of X-Signature: hex of HMAC(key, raw body + X-Timestamp).'),
});
export type SmsgateSigningKeyResponse = z.infer<typeof SmsgateSigningKeyResponseSchema>;
export const WebhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

export const WebhookResponseSchema = z.object({ webhook: WebhookEndpointSchema });
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
export const WebhooksResponseSchema = z.object({ webhooks: z.array(WebhookEndpointSchema) });
export type WebhooksResponse = z.infer<typeof WebhooksResponseSchema>;

/** Create and rotate: the only answers with the whole secret. */
export const WebhookWithSecretResponseSchema = z.object({
  webhook: WebhookEndpointSchema,
  secret: z.string().describe('`whsec_…`: verifies `Switchboard-Signature`. Shown only in this answer.'),
});
export type WebhookWithSecretResponse = z.infer<typeof WebhookWithSecretResponseSchema>;

export const WebhookDeliveryState = z.enum(['pending', 'delivering', 'succeeded', 'failed']);
export type WebhookDeliveryState = z.infer<typeof WebhookDeliveryState>;

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int().describe('1 for the first try.'),
  startedAt: isoUtc,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable().describe('The receiver’s HTTP status; null when no answer came.'),
  responseExcerpt: z.string().nullable().describe('The first 2 KB of the answer’s body.'),
  error: z.string().nullable().describe('Why it failed (time-out, refused, address not allowed, status…).'),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string().describe('The event’s id (the body’s `id`): the same in every retry and resend.'),
  eventType: z.string().describe('A WebhookEventType, or `webhook.test`.'),
  state: WebhookDeliveryState,
  attempts: z.array(WebhookAttemptSchema).describe('Oldest first.'),
  nextAttemptAt: isoUtc.nullable().describe('When it is tried next (pending only).'),
  createdAt: isoUtc,
  completedAt: isoUtc.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryResponseSchema = z.object({ delivery: WebhookDeliverySchema });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponseSchema>;
export const WebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Newest first, 1 to 100 (default 50).'),
});
export const WebhookDeliveriesResponseSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponseSchema>;
