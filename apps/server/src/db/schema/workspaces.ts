import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ComplianceLanguage, RegistrationDetails } from '@switchboard/contract';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
