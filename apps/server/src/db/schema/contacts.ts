import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

/**
 * The contact book: one row per workspace and E.164 number. Conversations find or add their
 * contact here, so an inbound text and the contact book share the row.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    name: text('name'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Values by key; only keys in the workspace's `contact_fields`. */
    customFields: jsonb('custom_fields')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** IANA zone for quiet hours; null: the number's country decides. */
    timeZone: text('time_zone'),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** The newest message to or from the number, set by the statements that store messages. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Changes of the contact's own fields and consent (not of its messages). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_workspace_phone_idx').on(t.workspaceId, t.phoneNumber),
    // The contact book's three orders, each a keyset (key, id) read forwards or backwards.
    index('contacts_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('contacts_name_idx').on(t.workspaceId, sql`lower(coalesce(${t.name}, ${t.phoneNumber}))`, t.id),
    index('contacts_last_message_idx').on(
      t.workspaceId,
      sql`coalesce(${t.lastMessageAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    // Filters: a tag, a custom field's value; search: part of a name or number (pg_trgm).
    index('contacts_tags_idx').using('gin', t.tags),
    index('contacts_custom_fields_idx').using('gin', t.customFields),
    index('contacts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contacts_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
  ],
);

/** A workspace's lists of contacts ("static groups"). */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_lists_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`)],
);

/** Who is on which list; a list and its contacts are always of one workspace. */
export const contactListMembers = pgTable(
  'contact_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /**
     * The contact's `created_at` (which never changes), copied so that a list's page in the
     * contact book's default order is one range of the list's own index, not a walk of every
     * contact checking membership. Every statement adding members sets it.
     */
    contactCreatedAt: timestamp('contact_created_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A list's members (filter, counts); a contact's lists.
    primaryKey({ columns: [t.listId, t.contactId] }),
    index('contact_list_members_contact_idx').on(t.contactId),
    // A list's members in the contact book's creation order, read either way as contacts_created_idx
    // is (a DESC NULLS LAST column would match neither `desc` nor `asc` and the page would sort).
    index('contact_list_members_list_created_idx').on(t.listId, t.contactCreatedAt, t.contactId),
  ],
);

export const consentSource = pgEnum('consent_source', ['keyword', 'import', 'admin', 'api']);

/** Every opt-out and opt-in of a contact, with what made it. */
export const contactConsentEvents = pgTable(
  'contact_consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    optedOut: boolean('opted_out').notNull(),
    source: consentSource('source').notNull(),
    /** `keyword`: the inbound message (no foreign key: the record outlives a deleted network's messages). */
    messageId: uuid('message_id'),
    /** `admin`: who. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_consent_events_contact_idx').on(t.contactId, t.createdAt),
    // The control panel's opt-outs of a workspace in a range (analytics, consent-stats.sql.ts).
    index('contact_consent_events_opt_outs_idx')
      .on(t.workspaceId, t.createdAt)
      .where(sql`${t.optedOut}`),
  ],
);

/** The workspace's custom field keys, in display order (at most 20). */
export const contactFields = pgTable(
  'contact_fields',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);
