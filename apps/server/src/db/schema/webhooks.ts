import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';
import { networks } from './networks.js';
import { workspaces } from './workspaces.js';

/**
 * Outgoing webhook endpoints of a workspace (module webhooks). The signing secret is sealed with
 * the server's secrets key (lib/secret-box.ts): it must be readable to sign. After a rotation the
 * previous secret signs too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set when the server disabled it after failing for days; cleared when enabled again. */
    disabledReason: text('disabled_reason'),
    secretSealed: text('secret_sealed').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The first failed attempt since the last success: the failure window starts here. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * What is sent: `switchboard` (`{ id, type, createdAt, data }`, Switchboard-Signature) or
     * `smsgate` (SMSGate's envelope and X-Signature, registered through /api/3rdparty/v1/webhooks).
     */
    format: text('format').notNull().default('switchboard'),
    /** SMSGate: the webhook's id as its client knows it (given by the client, ≤ 36, or generated). */
    smsgateId: text('smsgate_id'),
    /** SMSGate: the event name it was registered for (`events` holds the Switchboard event it follows, if any). */
    smsgateEvent: text('smsgate_event'),
    /** SMSGate: only events of this network (an Android network, SMSGate's `deviceId`); null: every network. */
    deviceId: uuid('device_id').references(() => networks.id, { onDelete: 'cascade' }),
    /**
     * Set on a callback target: not an endpoint a person manages but the `callbackUrl` an API key
     * gave with its messages (developer API), which receives only those messages' state changes,
     * signed with the key's callback secret; hidden from the endpoint lists, never disabled.
     */
    callbackKeyId: uuid('callback_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.createdAt),
    uniqueIndex('webhook_endpoints_smsgate_id_idx').on(t.workspaceId, t.smsgateId),
    // One callback target per API key and URL (other endpoints have no key: nulls are distinct).
    uniqueIndex('webhook_endpoints_callback_idx').on(t.callbackKeyId, t.url),
  ],
);

/**
 * The key that signs a workspace's SMSGate-format webhooks (`X-Signature`), as the phone's
 * `webhooks.signing_key` signs SMSGate's: one per workspace, so a receiver written for SMSGate
 * verifies every webhook with one key. Sealed like the endpoints' secrets; made on first use.
 */
export const smsgateSigningKeys = pgTable('smsgate_signing_keys', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  keySealed: text('key_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One event for one endpoint. The body is stored as sent, so every retry and resend carries the
 * same bytes and event id. Claimed with `for update skip locked` and a lease (`lease_until`):
 * one instance attempts it; a dead instance's claim is taken again when the lease runs out.
 * `event_key` makes the same event for the same endpoint one row (a repeated announcement).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    body: text('body').notNull(),
    /** pending, delivering (claimed), succeeded, failed (out of tries). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt of a delivery: the endpoint's log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
