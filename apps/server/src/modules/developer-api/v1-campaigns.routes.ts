import {
  ApiCampaignDetailResponseSchema,
  ApiCampaignParamsSchema,
  ApiCampaignResponseSchema,
  ApiCampaignsQuerySchema,
  ApiCampaignsResponseSchema,
  ApiCreateCampaignBodySchema,
  ApiUpdateCampaignBodySchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyReused, notFound, stateConflict, v1CampaignActionRoutes } from './v1-campaign-actions.routes.js';
import { IdempotencyHeadersSchema, v1Errors, v1Route } from './v1-docs.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';
import { answerIdempotently } from './v1-idempotent.js';
import { nextLink } from './v1-pages.js';

/** Drafts and reads of `/api/v1/campaigns` (scopes campaigns:read / campaigns:write). */
const v1CampaignDraftRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const developerApi = app.services.developerApi;
  const { campaigns } = developerApi;
  const read = [guard.authenticate, guard.requireScope('campaigns:read')];
  const write = [guard.authenticate, guard.requireScope('campaigns:write')];

  app.post(
    '/campaigns',
    {
      onRequest: write,
      schema: {
        ...v1Route('campaigns', 'Create a draft campaign (scope campaigns:write)'),
        description:
          'The same draft the admin screens make, recorded as created by this API key. Only `name` is required; start it with POST /api/v1/campaigns/{id}/start.',
        headers: IdempotencyHeadersSchema,
        body: ApiCreateCampaignBodySchema,
        response: {
          201: ApiCampaignResponseSchema,
          ...v1Errors,
          404: ErrorResponseSchema.describe('A network named is not this workspace’s (`NOT_FOUND`).'),
          ...keyReused,
        },
      },
    },
    async (request, reply) => {
      const caller = apiCallerOf(request);
      const creator = await campaigns.creator(caller);
      return answerIdempotently(developerApi.idempotency, request, reply, 201, async (within) => ({
        campaign: await campaigns.create(caller.workspaceId, creator, request.body, within),
      }));
    },
  );

  app.get(
    '/campaigns',
    {
      onRequest: read,
      schema: {
        ...v1Route(
          'campaigns',
          'Campaigns, newest first, in cursor pages, with their live counts (scope campaigns:read)',
        ),
        querystring: ApiCampaignsQuerySchema,
        response: { 200: ApiCampaignsResponseSchema, ...v1Errors },
      },
    },
    async (request) => {
      const { state, cursor, limit } = request.query;
      const page = await campaigns.list(apiCallerOf(request).workspaceId, state, cursor, limit);
      return { campaigns: page.campaigns, next: nextLink('/api/v1/campaigns', request.query, page.next) };
    },
  );

  app.get(
    '/campaigns/:id',
    {
      onRequest: read,
      schema: {
        ...v1Route('campaigns', 'One campaign: its state, progress counts, throughput and ETA (scope campaigns:read)'),
        params: ApiCampaignParamsSchema,
        response: { 200: ApiCampaignDetailResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => campaigns.get(apiCallerOf(request).workspaceId, request.params.id),
  );

  const onlyDrafts = { 409: stateConflict('a draft') };

  app.patch(
    '/campaigns/:id',
    {
      onRequest: write,
      schema: {
        ...v1Route('campaigns', 'Edit a draft: only the fields given change (scope campaigns:write)'),
        params: ApiCampaignParamsSchema,
        body: ApiUpdateCampaignBodySchema,
        response: {
          200: ApiCampaignResponseSchema,
          ...v1Errors,
          404: ErrorResponseSchema.describe(
            'No such campaign, or a network named that is not this workspace’s (`NOT_FOUND`).',
          ),
          ...onlyDrafts,
        },
      },
    },
    async (request) => ({
      campaign: await campaigns.update(apiCallerOf(request).workspaceId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/campaigns/:id',
    {
      onRequest: write,
      schema: {
        ...v1Route(
          'campaigns',
          'Delete a draft; a started campaign stays as the record of what it sent (scope campaigns:write)',
        ),
        params: ApiCampaignParamsSchema,
        response: { 204: z.null().describe('Deleted.'), ...v1Errors, ...notFound, ...onlyDrafts },
      },
    },
    async (request, reply) => {
      await campaigns.delete(apiCallerOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** `/api/v1/campaigns`: drafts, the state machine, progress and recipients. */
export const v1CampaignsRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, options) => {
  await app.register(v1CampaignDraftRoutes, options);
  await app.register(v1CampaignActionRoutes, options);
};
