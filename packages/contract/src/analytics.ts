import { z } from 'zod';
import { UsageSchema } from './usage.js';

/**
 * The control panel (`/dashboard/analytics`, admins) and the spec §7 card calls. Every figure is
 * read from the hourly roll-ups the database keeps beside `messages` (never by scanning messages),
 * plus small side tables (consent history, voice messages, campaigns, response times).
 */

export const ANALYTICS_PRESETS = ['today', '7d', '30d', '90d'] as const;
export const AnalyticsPreset = z
  .enum(ANALYTICS_PRESETS)
  .describe('today, or the last 7, 30 or 90 days (today included).');
export type AnalyticsPreset = z.infer<typeof AnalyticsPreset>;

/** The longest custom range. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * The range of every analytics call: a preset (default `7d`), or `from`–`to`, two local dates
 * of the workspace's time zone, both included. Both forms at once → 400.
 */
export const AnalyticsRangeQuerySchema = z.object({
  preset: AnalyticsPreset.optional(),
  from: z.iso.date().optional().describe('First day (YYYY-MM-DD, workspace time zone), with `to`.'),
  to: z.iso.date().optional().describe('Last day, included (YYYY-MM-DD, workspace time zone), with `from`.'),
});
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuerySchema>;

export const AnalyticsGranularity = z
  .enum(['hour', 'day'])
  .describe('`hour` for ranges of up to 2 days, else `day` (days of the workspace time zone).');
export type AnalyticsGranularity = z.infer<typeof AnalyticsGranularity>;

export const AnalyticsRangeSchema = z.object({
  from: z.iso.datetime().describe('Start, inclusive.'),
  to: z.iso.datetime().describe('End, exclusive (for the current day: its end, not now).'),
  previousFrom: z.iso.datetime().describe('The previous period of the same length, start.'),
  previousTo: z.iso.datetime().describe('The previous period’s end (= `from`).'),
  timeZone: z.string().describe('The workspace’s IANA time zone the days are counted in.'),
  granularity: AnalyticsGranularity,
});
export type AnalyticsRange = z.infer<typeof AnalyticsRangeSchema>;

/** A figure and the same figure over the previous period. */
export const KpiSchema = z.object({
  value: z.number().nullable().describe('Null when it cannot be computed (e.g. a rate of nothing).'),
  previous: z.number().nullable(),
  change: z.number().nullable().describe('(value − previous) / previous; null when previous is 0 or null.'),
});
export type Kpi = z.infer<typeof KpiSchema>;

/**
 * The card names of `GET /api/card/card-statistics/{name}` and `…/card-analytics/{name}`, and
 * the KPIs of the overview. Definitions (over outbound messages created in the range):
 * - messages-sent: outbound that reached the network (state sent or delivered);
 * - messages-delivered: delivered; delivery-rate: delivered / (delivered + failed), 0..1;
 * - messages-failed: failed; messages-received: inbound;
 * - replies: outbound written by a person in the inbox (origin `reply`);
 * - response-time: median seconds from the first unanswered inbound message of a thread to
 *   the team's first reply (origin `reply`), over the replies in the range (the lower median,
 *   of times rounded down to two significant digits: exact under 100 s, else within 10 %);
 * - opt-outs: consent changes to opted-out; auto-replies: outbound with origin `auto-reply`;
 * - voice-messages: voice messages received; campaigns-sent: campaigns started in the range.
 */
export const CARD_NAMES = [
  'messages-sent',
  'messages-delivered',
  'delivery-rate',
  'messages-failed',
  'messages-received',
  'replies',
  'response-time',
  'opt-outs',
  'auto-replies',
  'voice-messages',
  'campaigns-sent',
] as const;
export const CardName = z.enum(CARD_NAMES);
export type CardName = z.infer<typeof CardName>;

export const CardNameParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(60)
    .describe(`One of ${CARD_NAMES.join(', ')}; any other name → 404.`),
});

export const FailureReasonSchema = z.object({
  code: z.string().describe('The network’s error code; `unknown` when it gave none.'),
  text: z.string().nullable().describe('A sample error text for this code.'),
  count: z.number().int().nonnegative(),
});
export type FailureReason = z.infer<typeof FailureReasonSchema>;

/** `GET /api/analytics/overview`: every KPI, the delivery funnel, the top failure reasons and the quota. */
export const AnalyticsOverviewSchema = z.object({
  range: AnalyticsRangeSchema,
  kpis: z.record(CardName, KpiSchema).describe('Every card name’s figure.'),
  funnel: z.object({
    queued: z.number().int().nonnegative().describe('Outbound created in the range (any state).'),
    sent: z.number().int().nonnegative().describe('Reached the network (sent or delivered).'),
    delivered: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
  failureReasons: z.array(FailureReasonSchema).max(5).describe('Top 5 by count.'),
  usage: UsageSchema.describe('The current month’s quota use (not the range’s).'),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const SeriesPointSchema = z.object({
  at: z.iso.datetime().describe('Start of the hour or day (workspace time zone).'),
  inbound: z.number().int().nonnegative(),
  outbound: z.number().int().nonnegative().describe('Outbound created (any state).'),
  delivered: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

/** `GET /api/analytics/series`: one point per hour or day of the range, empty ones included. */
export const AnalyticsSeriesSchema = z.object({ range: AnalyticsRangeSchema, points: z.array(SeriesPointSchema) });
export type AnalyticsSeries = z.infer<typeof AnalyticsSeriesSchema>;

const BreakdownCounts = {
  outbound: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
};

/** `GET /api/analytics/breakdown`: the range by network and by campaign (top 20 campaigns). */
export const AnalyticsBreakdownSchema = z.object({
  range: AnalyticsRangeSchema,
  networks: z.array(
    z.object({
      networkId: z.uuid(),
      name: z.string(),
      kind: z.string(),
      inbound: z.number().int().nonnegative(),
      ...BreakdownCounts,
    }),
  ),
  campaigns: z.array(z.object({ campaignId: z.uuid(), name: z.string(), ...BreakdownCounts })),
});
export type AnalyticsBreakdown = z.infer<typeof AnalyticsBreakdownSchema>;

/** `GET /api/analytics/health`: the network health strip (now, not the range). */
export const NetworkHealthSchema = z.object({
  networks: z.array(
    z.object({
      networkId: z.uuid(),
      name: z.string(),
      kind: z.string(),
      enabled: z.boolean(),
      status: z.string().describe('The network’s connection status.'),
      lastSeenAt: z.iso.datetime().nullable(),
      sentLastHour: z.number().int().nonnegative().describe('Outbound sent or delivered in the last 60 minutes.'),
      failedLastHour: z.number().int().nonnegative(),
    }),
  ),
});
export type NetworkHealth = z.infer<typeof NetworkHealthSchema>;

/** `GET /api/analytics/export.csv?series=…`: one CSV per series (same range query). */
export const ANALYTICS_EXPORTS = ['kpis', 'messages', 'networks', 'campaigns', 'funnel', 'failures'] as const;
export const AnalyticsExportQuerySchema = AnalyticsRangeQuerySchema.extend({ series: z.enum(ANALYTICS_EXPORTS) });

/** `GET /api/card/card-statistics/{name}`: one card's figure over the range (default 7d). */
export const CardStatisticsSchema = z.object({ name: CardName, range: AnalyticsRangeSchema, kpi: KpiSchema });
export type CardStatistics = z.infer<typeof CardStatisticsSchema>;

/** `GET /api/card/card-analytics/{name}`: one card's figure per hour or day of the range. */
export const CardAnalyticsSchema = z.object({
  name: CardName,
  range: AnalyticsRangeSchema,
  points: z.array(z.object({ at: z.iso.datetime(), value: z.number().nullable() })),
});
export type CardAnalytics = z.infer<typeof CardAnalyticsSchema>;

/** `GET /api/table/dispatched-orders`: the latest outbound messages and campaigns, newest first. */
export const DispatchedOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const DispatchedOrderSchema = z.object({
  kind: z.enum(['message', 'campaign']),
  id: z.uuid(),
  title: z.string().describe('A message’s recipient number, or a campaign’s name.'),
  networkName: z.string().nullable().describe('The message’s network; null for a campaign.'),
  state: z.string().describe('The message’s or campaign’s state.'),
  count: z.number().int().nonnegative().describe('Segments of a message, recipients of a campaign.'),
  at: z.iso.datetime().describe('When it was queued or started.'),
});
export type DispatchedOrder = z.infer<typeof DispatchedOrderSchema>;
export const DispatchedOrdersSchema = z.object({ orders: z.array(DispatchedOrderSchema) });
export type DispatchedOrders = z.infer<typeof DispatchedOrdersSchema>;

/**
 * `GET /api/user/checkpoint-reward` (any signed-in user): the caller's milestone of the month,
 * the inbox replies they wrote this month (workspace time zone) against all of last month.
 */
export const CheckpointRewardSchema = z.object({
  month: z.string().describe('YYYY-MM, workspace time zone.'),
  metric: z.literal('messages-answered'),
  value: z.number().int().nonnegative().describe('Replies the caller wrote this month so far.'),
  lastMonth: z.number().int().nonnegative(),
  change: z.number().nullable().describe('(value − lastMonth) / lastMonth; null when lastMonth is 0.'),
  reached: z.boolean().describe('value ≥ lastMonth and value > 0.'),
  nextMilestone: z.number().int().positive().describe('The next round number above value (10, 25, 50, 100, 250, …).'),
});
export type CheckpointReward = z.infer<typeof CheckpointRewardSchema>;
