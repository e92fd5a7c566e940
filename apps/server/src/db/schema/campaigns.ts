import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

export const campaignState = pgEnum('campaign_state', [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'completed',
  'cancelled',
  'failed',
]);

export interface CampaignAudienceValue {
  all: boolean;
  listIds: string[];
  tags: string[];
  excludeListIds: string[];
  excludeTags: string[];
}

export interface CampaignExclusionsValue {
  optedOut: number;
  invalid: number;
  duplicate: number;
  missingVariable: number;
}

/**
 * Bulk campaigns. A campaign's recipients are its messages (`messages.campaign_id`), queued at
 * start; the row holds what was edited as a draft and, from start on, each network's share of
 * the rate (`network_rates`, messages a second) and why recipients were left out.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: campaignState('state').notNull().default('draft'),
    networkIds: uuid('network_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Network id → its share of the rate, messages a second; set at start. */
    networkRates: jsonb('network_rates').$type<Record<string, number>>(),
    audience: jsonb('audience').$type<CampaignAudienceValue>().notNull(),
    body: text('body').notNull().default(''),
    sendAt: timestamp('send_at', { withTimezone: true }),
    scheduleTimeZone: text('schedule_time_zone'),
    ratePerSecond: integer('rate_per_second').notNull().default(10),
    quietHours: jsonb('quiet_hours').$type<{ start: string; end: string }>(),
    exclusions: jsonb('exclusions').$type<CampaignExclusionsValue>(),
    failureReason: text('failure_reason'),
    /** The member who created it; null when an API key did (or the member was deleted). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key that created it through `POST /api/v1/campaigns`; null when a member did. */
    createdByApiKeyId: uuid('created_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** That key's name, kept with the campaign (a key's name never changes) so the list needs no join. */
    createdByApiKeyName: text('created_by_api_key_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The list: newest first, cursor on (created_at, id).
    index('campaigns_workspace_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    // The ticker's "which schedules are due".
    index('campaigns_scheduled_idx')
      .on(t.sendAt)
      .where(sql`${t.state} = 'scheduled'`),
  ],
);
