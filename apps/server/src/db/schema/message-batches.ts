import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** Why recipients of a batch were not queued, counted. */
export interface BatchRefusalCounts {
  optedOut: number;
  invalidNumber: number;
  duplicate: number;
  missingVariable: number;
  tooLong: number;
  emptyText: number;
}

/**
 * A developer API batch (`POST /api/v1/messages/batch`, module developer-api): one template sent
 * to up to 10,000 numbers. Its messages carry its id (`messages.batch_id`); the row keeps what was
 * asked and what was refused, the messages' states are its progress.
 */
export const messageBatches = pgTable(
  'message_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    networkId: uuid('network_id').notNull(),
    body: text('body').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    sendAt: timestamp('send_at', { withTimezone: true }),
    callbackUrl: text('callback_url'),
    /** Recipients asked for. */
    recipients: integer('recipients').notNull(),
    /** Messages queued. */
    queued: integer('queued').notNull(),
    refused: jsonb('refused').$type<BatchRefusalCounts>().notNull(),
    /** Segments booked on the quota for the whole batch. */
    segments: integer('segments').notNull(),
    /** True: its due times were spread over the network's rate (a large batch, like a campaign start). */
    spread: boolean('spread').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_batches_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc())],
);
