import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_workspace_idx').on(t.workspaceId),
  ],
);

export type UserRow = typeof users.$inferSelect;
