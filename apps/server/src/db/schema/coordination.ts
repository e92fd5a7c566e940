import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-IP and per-key request counters shared by every instance on one PostgreSQL (module
 * coordination, the store of @fastify/rate-limit there): one row per limited key and window.
 * UNLOGGED in the migration (drizzle cannot say it): a counter lost in a crash only forgives a
 * minute's requests, and the table takes a write per limited request.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Whose turn it is to run a background job's pass (module coordination): one row per job, held
 * by one instance until `held_until`, so a sweep or the campaigns' ticker runs once across
 * instances, not once per instance.
 */
export const jobTurns = pgTable('job_turns', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});
