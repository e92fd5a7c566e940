import {
  CampaignPageQuerySchema,
  CampaignPageResponseSchema,
  CampaignParamsSchema,
  CampaignResponseSchema,
  CreateCampaignBodySchema,
  UpdateCampaignBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { campaignActionRoutes } from './campaign-actions.routes.js';
import { campaignReportRoutes } from './campaign-reports.routes.js';

/** Campaigns as drafts: list, create, read, edit, delete (admin only). */
const campaignDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const campaigns = app.services.campaigns;
  const admin = requireRole('admin');
  const tags = ['campaigns'];
  const params = CampaignParamsSchema;

  app.get(
    '/campaigns',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Campaigns, newest first (keyset pages), with their live counts',
        querystring: CampaignPageQuerySchema,
        response: { 200: CampaignPageResponseSchema },
      },
    },
    async (request) => {
      const { state, cursor, limit } = request.query;
      return campaigns.page(authOf(request).workspaceId, state, cursor, limit);
    },
  );

  app.post(
    '/campaigns',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A new draft',
        body: CreateCampaignBodySchema,
        response: { 201: CampaignResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = authOf(request);
      const campaign = await campaigns.create(workspaceId, userId, request.body);
      return reply.code(201).send({ campaign });
    },
  );

  app.get(
    '/campaigns/:id',
    { onRequest: admin, schema: { tags, summary: 'One campaign', params, response: { 200: CampaignResponseSchema } } },
    async (request) => ({ campaign: await campaigns.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.patch(
    '/campaigns/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Edit a draft (409 CAMPAIGN_STATE_CONFLICT otherwise)',
        params,
        body: UpdateCampaignBodySchema,
        response: { 200: CampaignResponseSchema },
      },
    },
    async (request) => ({
      campaign: await campaigns.update(authOf(request).workspaceId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/campaigns/:id',
    {
      onRequest: admin,
      schema: { tags, summary: 'Delete a draft (409 otherwise)', params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await campaigns.delete(authOf(request).workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** Everything under /api/campaigns. */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(campaignDraftRoutes);
  await app.register(campaignActionRoutes);
  await app.register(campaignReportRoutes);
};
