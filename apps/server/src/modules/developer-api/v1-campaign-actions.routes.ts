import {
  ApiCampaignParamsSchema,
  ApiCampaignRecipientsQuerySchema,
  ApiCampaignRecipientsResponseSchema,
  ApiCampaignResponseSchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiCampaignAction } from './api-campaigns.js';
import { IdempotencyHeadersSchema, v1Errors, v1Route } from './v1-docs.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';
import { answerIdempotently } from './v1-idempotent.js';
import { nextLink } from './v1-pages.js';

export const notFound = { 404: ErrorResponseSchema.describe('No such campaign in this workspace (`NOT_FOUND`).') };
export const keyReused = {
  422: ErrorResponseSchema.describe('The Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`).'),
};
export const stateConflict = (what: string) =>
  ErrorResponseSchema.describe(`The campaign is not ${what} (\`CAMPAIGN_STATE_CONFLICT\`).`);

const ACTIONS: Record<ApiCampaignAction, { summary: string; description: string; errors: object }> = {
  start: {
    summary: 'Start a draft: queue every recipient now, or schedule it for `schedule.sendAt` (scope campaigns:write)',
    description:
      'Every recipient’s message is personalised, counted and queued at once (each due at its turn under the rate and quiet hours), and the quota is booked for all of them; a `sendAt` still ahead schedules it instead (state `scheduled`).',
    errors: {
      402: ErrorResponseSchema.describe(
        'The month’s quota cannot cover it (`QUOTA_EXCEEDED`, with `remaining` and `needed` segments); nothing is queued.',
      ),
      409: ErrorResponseSchema.describe(
        'Not a draft or scheduled campaign (`CAMPAIGN_STATE_CONFLICT`), or it cannot start: no network, no text, no recipients… (`CAMPAIGN_NOT_READY`, the reasons in `error`).',
      ),
    },
  },
  pause: {
    summary: 'Pause a sending campaign: none of its messages is submitted after this (scope campaigns:write)',
    description: 'What waits stays queued; its quota stays booked.',
    errors: { 409: stateConflict('sending') },
  },
  resume: {
    summary: 'Resume a paused campaign; what waits is spread from now at its rate (scope campaigns:write)',
    description: 'Quiet hours still apply in each recipient’s local time.',
    errors: { 409: stateConflict('paused') },
  },
  cancel: {
    summary: 'Cancel a scheduled, sending or paused campaign; what was not sent is cancelled (scope campaigns:write)',
    description: 'The segments of the messages never sent are given back to the month’s quota.',
    errors: { 409: stateConflict('scheduled, sending or paused') },
  },
};

/** A campaign's state changes and its recipients (v1-campaigns.routes.ts registers them). */
export const v1CampaignActionRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const developerApi = app.services.developerApi;
  const { campaigns } = developerApi;
  const read = [guard.authenticate, guard.requireScope('campaigns:read')];
  const write = [guard.authenticate, guard.requireScope('campaigns:write')];

  for (const [action, { summary, description, errors }] of Object.entries(ACTIONS) as Array<
    [ApiCampaignAction, (typeof ACTIONS)[ApiCampaignAction]]
  >) {
    app.post(
      `/campaigns/:id/${action}`,
      {
        onRequest: write,
        schema: {
          ...v1Route('campaigns', summary),
          description,
          headers: IdempotencyHeadersSchema,
          params: ApiCampaignParamsSchema,
          response: { 200: ApiCampaignResponseSchema, ...v1Errors, ...notFound, ...errors, ...keyReused },
        },
      },
      async (request, reply) => {
        const { workspaceId } = apiCallerOf(request);
        return answerIdempotently(developerApi.idempotency, request, reply, 200, async (within) => ({
          campaign: await campaigns.act(workspaceId, request.params.id, action, within),
        }));
      },
    );
  }

  app.get(
    '/campaigns/:id/recipients',
    {
      onRequest: read,
      schema: {
        ...v1Route(
          'campaigns',
          'A campaign’s recipients in the order they were queued, in cursor pages (scope campaigns:read)',
        ),
        description: 'Empty until it starts: a started campaign’s recipients are its messages.',
        params: ApiCampaignParamsSchema,
        querystring: ApiCampaignRecipientsQuerySchema,
        response: { 200: ApiCampaignRecipientsResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { state, cursor, limit } = request.query;
      const page = await campaigns.recipients(apiCallerOf(request).workspaceId, id, state, cursor, limit);
      return {
        recipients: page.recipients,
        next: nextLink(`/api/v1/campaigns/${id}/recipients`, request.query, page.next),
      };
    },
  );
};
