import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

export const networkKind = pgEnum('network_kind', ['sandbox', 'android', 'smpp', 'http']);
export const networkStatus = pgEnum('network_status', ['connected', 'disconnected', 'error']);
export const networkLogKind = pgEnum('network_log_kind', ['webhook-rejected', 'error', 'info']);

/** A channel of a workspace (DESIGN §2). Secrets live encrypted in `secrets` (lib/secret-box). */
export const networks = pgTable(
  'networks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: networkKind('kind').notNull(),
    name: text('name').notNull(),
    /** Number (E.164) or alphanumeric sender id. */
    address: text('address').notNull(),
    status: networkStatus('status').notNull().default('disconnected'),
    lastError: text('last_error'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** SMS parts per second. */
    throughput: integer('throughput').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Kind settings without secrets (host, port, account SID...). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Kind secrets (passwords, auth tokens), sealed with the server's secrets key. */
    secrets: text('secrets'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('networks_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * Which server instance runs a network's channel work (the SMPP bind, the dispatcher). One holder
 * at a time; the holder renews the lease, and a crashed holder's lease runs out.
 */
export const networkLeases = pgTable('network_leases', {
  networkId: uuid('network_id')
    .primaryKey()
    .references(() => networks.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Rejected webhooks and channel errors, visible in network settings. */
export const networkLogs = pgTable(
  'network_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    networkId: uuid('network_id')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    kind: networkLogKind('kind').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('network_logs_network_time_idx').on(t.networkId, t.createdAt)],
);

/**
 * The SMSGate phone paired with an Android network (one phone per network). Tokens are stored as
 * SHA-256 hashes; the webhook signing key is sealed like other secrets.
 */
export const androidDevices = pgTable(
  'android_devices',
  {
    networkId: uuid('network_id')
      .primaryKey()
      .references(() => networks.id, { onDelete: 'cascade' }),
    /** The "private token" the user types into the app; null once rotated away. */
    registrationTokenHash: text('registration_token_hash').unique(),
    /** Last 4 characters of the registration token, for the masked display. */
    registrationTokenHint: text('registration_token_hint'),
    /** Device id we issued at registration (echoed by the app as `deviceId`). */
    deviceId: text('device_id').unique(),
    deviceTokenHash: text('device_token_hash').unique(),
    /** Path token of our webhook URL, so a guessed URL alone cannot post. */
    webhookToken: text('webhook_token').notNull(),
    /** HMAC key pushed to the phone through GET /settings; sealed. */
    signingKey: text('signing_key').notNull(),
    login: text('login'),
    passwordHash: text('password_hash'),
    name: text('name'),
    pushToken: text('push_token'),
    simCards: jsonb('sim_cards').$type<Array<Record<string, unknown>>>(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('android_devices_webhook_token_idx').on(t.webhookToken)],
);
