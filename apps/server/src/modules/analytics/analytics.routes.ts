import {
  AnalyticsBreakdownSchema,
  AnalyticsExportQuerySchema,
  AnalyticsOverviewSchema,
  AnalyticsRangeQuerySchema,
  AnalyticsSeriesSchema,
  NetworkHealthSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { analyticsCsv } from './analytics-export.js';
import { cardRoutes } from './card.routes.js';

const RANGE_DESCRIPTION =
  'The range is a preset (today, 7d, 30d, 90d; default 7d) or from–to, two local dates of the workspace’s time zone, both included (at most 366 days); both forms at once → 400. Hour buckets for up to 2 days, else days. Counted from the hourly roll-ups, never by scanning messages.';

/** The control panel (admins): KPIs, series, breakdowns, network health and CSV exports. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = app.services.analytics;
  const admin = requireRole('admin');
  const tags = ['analytics'];

  app.get(
    '/analytics/overview',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Every KPI of the range against the previous period, the delivery funnel, failure reasons and the quota',
        description: `${RANGE_DESCRIPTION} KPIs as defined for the card names (see /api/card/card-statistics/{name}); usage is this month’s.`,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsOverviewSchema },
      },
    },
    async (request) => analytics.overview(authOf(request).workspaceId, request.query),
  );

  app.get(
    '/analytics/series',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Messages in and out, delivered and failed, per hour or day of the range (empty ones included)',
        description: RANGE_DESCRIPTION,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsSeriesSchema },
      },
    },
    async (request) => analytics.series(authOf(request).workspaceId, request.query),
  );

  app.get(
    '/analytics/breakdown',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The range by network (every network of the workspace) and by campaign (the 20 with most messages)',
        description: RANGE_DESCRIPTION,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: AnalyticsBreakdownSchema },
      },
    },
    async (request) => analytics.breakdown(authOf(request).workspaceId, request.query),
  );

  app.get(
    '/analytics/health',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Each network now: status, last seen, and the last hour’s sent and failed messages',
        description:
          'The last hour is counted by the roll-up’s whole UTC hours that overlap the last 60 minutes (the current and the previous clock hour).',
        response: { 200: NetworkHealthSchema },
      },
    },
    async (request) => analytics.health(authOf(request).workspaceId),
  );

  app.get(
    '/analytics/export.csv',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One series of the control panel as a CSV download',
        description: `series: kpis, messages (per hour or day), networks, campaigns, funnel or failures. ${RANGE_DESCRIPTION} UTF-8 with a byte order mark; cells starting with = + - @, tab or CR get a leading apostrophe so spreadsheets do not run them.`,
        querystring: AnalyticsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { series, ...range } = request.query;
      const { filename, csv } = await analyticsCsv(analytics, authOf(request).workspaceId, series, range);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  await app.register(cardRoutes);
};
