import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations, messageDirection, messageState } from './messages.js';
import { workspaces } from './workspaces.js';

/** `campaign_id` of messages outside any campaign (a primary key column cannot be null). */
export const NO_CAMPAIGN_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The control panel's source: messages counted per UTC hour of their `created_at` and per
 * network, campaign, direction, state, origin and error code. Written only by the statement
 * triggers on `messages` (migration 0025_analytics_rollups, `message_stats_apply`): every path
 * that inserts, updates or deletes messages — one by one or 100,000 at once, cascades included —
 * moves the counts in the same transaction, so they always equal a GROUP BY over `messages`.
 * A state change moves a message from one row to another; rows left at zero stay (harmless).
 */
export const messageStatsHourly = pgTable(
  'message_stats_hourly',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** date_trunc('hour', created_at) in UTC. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    networkId: uuid('network_id').notNull(),
    /** NO_CAMPAIGN_ID for messages outside campaigns. */
    campaignId: uuid('campaign_id').notNull(),
    direction: messageDirection('direction').notNull(),
    state: messageState('state').notNull(),
    /** The message's origin, '' when it has none (inbound). */
    origin: text('origin').notNull(),
    /** The message's error code, '' when it has none. */
    errorCode: text('error_code').notNull(),
    messages: integer('messages').notNull(),
    segments: bigint('segments', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'message_stats_hourly_pk',
      columns: [t.workspaceId, t.hour, t.networkId, t.campaignId, t.direction, t.state, t.origin, t.errorCode],
    }),
    // The top failure reasons read only the failed rows of a range (a few of the workspace's rows).
    index('message_stats_hourly_failed_idx')
      .on(t.workspaceId, t.hour)
      .where(sql`${t.direction} = 'out' and ${t.state} = 'failed'`),
  ],
);

/**
 * One row per answered stretch of a thread: the first inbound message after the thread's previous
 * inbox reply (origin 'reply'), answered by the next one. Written by the insert trigger on
 * `messages` (`message_stats_apply`), whatever path queued the reply.
 */
export const responseTimes = pgTable(
  'response_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    inboundAt: timestamp('inbound_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }).notNull(),
    /** Whole seconds from inbound_at to responded_at. */
    seconds: integer('seconds').notNull(),
  },
  (t) => [index('response_times_workspace_idx').on(t.workspaceId, t.respondedAt)],
);

/**
 * `response_times` per UTC hour of `responded_at` as a histogram: how many answered stretches took
 * `seconds`, rounded down to two significant digits (exact below 100 s, then 100, 110, …, 990,
 * 1000, 1100, …), so a 90-day median reads a few hundred rows instead of every stretch. Written
 * only by the statement triggers on `response_times` (migration 0028_response_time_histogram).
 */
export const responseTimeStatsHourly = pgTable(
  'response_time_stats_hourly',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** date_trunc('hour', responded_at) in UTC. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** The stretch's seconds rounded down to two significant digits. */
    seconds: integer('seconds').notNull(),
    stretches: integer('stretches').notNull(),
  },
  (t) => [primaryKey({ name: 'response_time_stats_hourly_pk', columns: [t.workspaceId, t.hour, t.seconds] })],
);

/**
 * The same histogram per UTC day of `responded_at`: a long range reads its whole UTC days here and
 * only its partial days' hours from `response_time_stats_hourly` (about 4.5 times fewer rows for 90
 * days). Kept by the same statement triggers (migration 0029_response_time_daily).
 */
export const responseTimeStatsDaily = pgTable(
  'response_time_stats_daily',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** date_trunc('day', responded_at) in UTC. */
    day: timestamp('day', { withTimezone: true }).notNull(),
    /** The stretch's seconds rounded down to two significant digits. */
    seconds: integer('seconds').notNull(),
    stretches: integer('stretches').notNull(),
  },
  (t) => [primaryKey({ name: 'response_time_stats_daily_pk', columns: [t.workspaceId, t.day, t.seconds] })],
);
