import {
  type AnyPgColumn,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ComplianceLanguage, PlanId, RegistrationDetails, UserLocation } from '@switchboard/contract';
// A cycle (networks belong to a workspace, a workspace names its default network); the reference is lazy.
import { networks } from './networks.js';

export type WorkspaceAddress = UserLocation;

/** A customer account. Every row of customer data belongs to exactly one workspace. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** What the web sent to POST /api/new_user after sign-up. */
  registration: jsonb('registration').$type<RegistrationDetails>(),
  /** Opt-out compliance: the language of the default replies, and the texts set instead (null: default). */
  complianceLanguage: text('compliance_language').$type<ComplianceLanguage>().notNull().default('en'),
  optOutReply: text('opt_out_reply'),
  optInReply: text('opt_in_reply'),
  helpReply: text('help_reply'),
  /** Auto-reply loop guard: at most this many auto-replies to one contact in any hour. */
  autoReplyHourlyLimit: integer('auto_reply_hourly_limit').notNull().default(5),
  /** The contract's plan (PLANS): its monthly SMS quota is enforced when messages are queued. */
  planId: text('plan_id').$type<PlanId>().notNull().default('starter'),
  /** IANA time zone: where the workspace's calendar months (its usage periods) begin. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The profile (`/profile-settings`): company and postal address. */
  company: text('company'),
  address: jsonb('address').$type<WorkspaceAddress>(),
  /** The logo's file (lib/file-storage) and its version, part of its URL (cached for good). */
  logoKey: text('logo_key'),
  logoVersion: integer('logo_version'),
  /** The network a send that names none goes through first (networks' default-network). */
  defaultNetworkId: uuid('default_network_id').references((): AnyPgColumn => networks.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The usage ledger: outbound SMS segments booked per workspace and calendar month (the month's
 * first day in the workspace's time zone). Written only in the statement that queues a message
 * (booked) or gives up on one before it was sent (given back).
 */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    segments: integer('segments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.periodStart] })],
);

/** Changes to a workspace worth a record of who and when (a plan change so far). */
export const workspaceAuditLog = pgTable(
  'workspace_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who did it; no foreign key: the record outlives the account. */
    userId: uuid('user_id'),
    /** What happened, e.g. `plan.changed`. */
    action: text('action').notNull(),
    /** Before and after, e.g. `{ from: 'starter', to: 'pro' }`. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_audit_log_workspace_idx').on(t.workspaceId, t.createdAt)],
);
