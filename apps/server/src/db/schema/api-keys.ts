import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

/**
 * Developer API keys of a workspace (module developer-api). Only the SHA-256 of the secret is
 * stored; the secret itself is shown once, when the key is created.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The start of the secret (`sk_live_` + 8 characters), shown to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole secret (base64url): what a request's bearer is looked up by. */
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    /** CIDR ranges the key is accepted from; empty: anywhere. */
    allowedIps: text('allowed_ips').array().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key and instance, never once per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The key's Basic credentials for the SMSGate-compatible API (`/api/3rdparty/v1`): a user name
     * (6 upper-case letters and digits, unique) and the SHA-256 of its password (144 random bits,
     * so a fast hash is safe, like the secret's). Null for keys made before that API existed.
     */
    basicLogin: text('basic_login').unique(),
    basicPasswordHash: text('basic_password_hash'),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * `Idempotency-Key`s of the developer API's POSTs (module developer-api): the first request with
 * a key inserts its row in the transaction that does the work and stores the answer there; a
 * request with the same key waits on the unique index for that transaction and then finds the
 * answer. A row older than 24 hours is taken over by the next request with its key.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The answer, stored in the same transaction as the work (null only inside it). */
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_workspace_key_idx').on(t.workspaceId, t.key)],
);
