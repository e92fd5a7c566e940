import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { networks } from './networks.js';
import { workspaces } from './workspaces.js';

/**
 * Messages sent through the SMSGate-compatible API `/api/3rdparty/v1` (module smsgate-api): one
 * row per SMSGate message, grouping the messages (one per recipient, messaging's rows) it became.
 * Its state is read from theirs; the row keeps what SMSGate clients send that ours do not have.
 */
export const smsgateMessages = pgTable(
  'smsgate_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The SMSGate message id: the client's (≤ 36 characters) or one we made; unique in the workspace. */
    externalId: text('external_id').notNull(),
    /** The network it was sent through (the SMSGate `deviceId`); null once that network is deleted. */
    networkId: uuid('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** Messaging's messages, one per recipient, in the order of `phoneNumbers`. */
    messageIds: uuid('message_ids').array().notNull(),
    text: text('text').notNull(),
    withDeliveryReport: boolean('with_delivery_report').notNull().default(true),
    simNumber: integer('sim_number'),
    priority: integer('priority').notNull().default(0),
    /** From `ttl` or `validUntil`: kept and answered, not enforced (README, differences). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('smsgate_messages_external_id_idx').on(t.workspaceId, t.externalId),
    index('smsgate_messages_workspace_time_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A workspace's SMSGate device settings (`/api/3rdparty/v1/settings`), snake_case sections as the app reads them. */
export const smsgateSettings = pgTable('smsgate_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  settings: jsonb('settings')
    .$type<Record<string, Record<string, unknown>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Revoked SMSGate API tokens (`DELETE /api/3rdparty/v1/auth/token/:jti`, and a refresh token once
 * used): an access and its refresh token share one `jti`. Kept until the last of them expires.
 */
export const smsgateRevokedTokens = pgTable('smsgate_revoked_tokens', {
  jti: text('jti').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
