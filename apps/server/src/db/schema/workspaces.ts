import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RegistrationDetails } from '@switchboard/contract';

/** A customer account. Every row of customer data belongs to exactly one workspace. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** What the web sent to POST /api/new_user after sign-up. */
  registration: jsonb('registration').$type<RegistrationDetails>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
