import {
  AnalyticsRangeQuerySchema,
  CARD_NAMES,
  CardAnalyticsSchema,
  CardNameParamsSchema,
  CardStatisticsSchema,
  CheckpointRewardSchema,
  DispatchedOrdersQuerySchema,
  DispatchedOrdersSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

const CARDS_DESCRIPTION = `Cards: ${CARD_NAMES.join(', ')}; any other name → 404 NOT_FOUND. Over outbound messages created in the range: messages-sent = sent or delivered; messages-delivered; delivery-rate = delivered / (delivered + failed), 0..1 (null when neither); messages-failed; messages-received = inbound; replies = inbox replies written by a person; auto-replies; response-time = median seconds from the first unanswered inbound message of a thread to the team’s first reply, over the replies in the range; opt-outs = consent changes to opted out; voice-messages received; campaigns-sent = campaigns started. Range: a preset (default 7d) or from–to in the workspace’s time zone.`;

/** The spec §7 calls the control panel's cards and table use, and the member's checkpoint. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = app.services.analytics;
  const admin = requireRole('admin');
  const tags = ['card'];

  app.get(
    '/card/card-statistics/:name',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One card’s figure over the range, with the previous period and the change',
        description: CARDS_DESCRIPTION,
        params: CardNameParamsSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: CardStatisticsSchema },
      },
    },
    async (request) => analytics.cardStatistics(authOf(request).workspaceId, request.params.name, request.query),
  );

  app.get(
    '/card/card-analytics/:name',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One card’s figure per hour or day of the range (empty ones included)',
        description: `${CARDS_DESCRIPTION} Hour points for ranges of up to 2 days, else days; rates and medians are null where nothing happened.`,
        params: CardNameParamsSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: CardAnalyticsSchema },
      },
    },
    async (request) => analytics.cardAnalytics(authOf(request).workspaceId, request.params.name, request.query),
  );

  app.get(
    '/table/dispatched-orders',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The latest outbound messages and started campaigns with their states, newest first',
        description:
          'A message: its recipient, network, state and segments, at its queueing time. A campaign: its name, state and recipients, at its start.',
        querystring: DispatchedOrdersQuerySchema,
        response: { 200: DispatchedOrdersSchema },
      },
    },
    async (request) => analytics.dispatchedOrders(authOf(request).workspaceId, request.query.limit),
  );

  app.get(
    '/user/checkpoint-reward',
    {
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'The caller’s milestone of the month: the inbox replies they wrote this month against last month',
        description:
          'Any signed-in member. Months are calendar months of the workspace’s time zone; reached when this month’s replies are at least last month’s and more than none.',
        response: { 200: CheckpointRewardSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return analytics.checkpointReward(workspaceId, userId);
    },
  );
};
