import type { Trigger } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts.js';
import { workspaces } from './workspaces.js';

/** An auto-reply rule (DESIGN §2): the first enabled rule of a network that matches answers. */
export const autoReplyRules = pgTable(
  'auto_reply_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Position in the workspace's order, 1 first. */
    priority: integer('priority').notNull(),
    allNetworks: boolean('all_networks').notNull().default(true),
    /** The chosen networks when not all; ids of deleted networks are dropped when read. */
    networkIds: uuid('network_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The contract's Trigger, validated before it is written. */
    trigger: jsonb('trigger').$type<Trigger>().notNull(),
    replyText: text('reply_text').notNull(),
    cooldownMinutes: integer('cooldown_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    activeFrom: date('active_from'),
    activeUntil: date('active_until'),
    firedCount: integer('fired_count').notNull().default(0),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auto_reply_rules_workspace_idx').on(t.workspaceId, t.priority)],
);

/** One auto-reply sent: which rule answered which message with which reply. */
export const autoReplyFirings = pgTable(
  'auto_reply_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => autoReplyRules.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    // No foreign keys to messages: each would make every message deletion (a network's, by the
    // thousand) look through this table. A firing outlives its messages as a record.
    inboundMessageId: uuid('inbound_message_id').notNull(),
    replyMessageId: uuid('reply_message_id'),
    /**
     * Why no reply was queued although the rule answered (`quota`: the monthly SMS quota was used
     * up); null when it was. Skipped firings count neither for the rule nor for the loop guards.
     */
    skipReason: text('skip_reason').$type<'quota'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The guards: a contact's auto-replies of the last hour, and of one rule within its cooldown.
    index('auto_reply_firings_contact_idx').on(t.contactId, t.createdAt),
    index('auto_reply_firings_rule_idx').on(t.ruleId),
  ],
);
