import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

export const userRole = pgEnum('user_role', ['admin', 'editor']);
export const userStatus = pgEnum('user_status', ['active', 'blocked', 'deactivated']);

export interface UserLocation {
  addLine1?: string;
  addLine2?: string;
  postCode?: string;
  city?: string;
  state?: string;
  country?: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Stored lower-case; unique case-insensitively. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    providerId: text('provider_id').notNull().default('password'),
    /** argon2id hash; null for accounts that sign in through an identity provider only. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('editor'),
    status: userStatus('status').notNull().default('active'),
    // Profile fields of the spec's "mock user" that make sense for a real account.
    username: text('username'),
    dob: date('dob'),
    gender: text('gender'),
    country: text('country'),
    company: text('company'),
    mobile: text('mobile'),
    website: text('website'),
    department: text('department'),
    languagesKnown: text('languages_known').array(),
    contactOptions: text('contact_options').array(),
    location: jsonb('location').$type<UserLocation>(),
    socialLinks: jsonb('social_links').$type<Record<string, string>>(),
    /** UI preferences (theme, layout...) that follow the user between browsers. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for its verification link (email_verifications). */
    pendingEmail: text('pending_email'),
    /** The avatar's file (lib/file-storage) and its version, part of its URL (cached for good). */
    avatarKey: text('avatar_key'),
    avatarVersion: integer('avatar_version'),
    /** TOTP secret (base32) sealed with the secrets key (lib/secret-box); null: two-factor off. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret from setup waiting for its first code (sealed as above). */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The time step of the last accepted code: a code of this or an earlier step is refused (replay). */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // Usernames are unique across Switchboard, whatever the case (accounts without one: null).
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_workspace_idx').on(t.workspaceId),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** Two-factor recovery codes: SHA-256 of each, usable once (used_at). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** E-mail change links: the new address, SHA-256 of the token, single use, 24 h. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);
