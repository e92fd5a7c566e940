import {
  CampaignParamsSchema,
  CampaignResponseSchema,
  CampaignReviewBodySchema,
  CampaignReviewSchema,
  CampaignTestBodySchema,
  MessageResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import type { CampaignsService } from './campaigns.service.js';

type Action = 'start' | 'pause' | 'resume' | 'cancel' | 'unschedule' | 'retry-failed';

const ACTIONS: Record<
  Action,
  {
    method: keyof Pick<CampaignsService, 'start' | 'pause' | 'resume' | 'cancel' | 'unschedule' | 'retryFailed'>;
    summary: string;
  }
> = {
  start: {
    method: 'start',
    summary:
      'Queue every recipient now, or schedule for sendAt (402 QUOTA_EXCEEDED with remaining and needed, 409 CAMPAIGN_NOT_READY, 409 CAMPAIGN_STATE_CONFLICT)',
  },
  pause: { method: 'pause', summary: 'Stop submitting its messages (within a second)' },
  resume: { method: 'resume', summary: 'Send again; what waits is spread from now at its rate' },
  cancel: { method: 'cancel', summary: 'Cancel what was not sent; its segments are given back' },
  unschedule: { method: 'unschedule', summary: 'A scheduled campaign back to draft' },
  'retry-failed': { method: 'retryFailed', summary: 'Failed messages back to the queue (their segments booked again)' },
};

/** Review, test send and the state machine's actions (admin only). */
export const campaignActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const campaigns = app.services.campaigns;
  const admin = requireRole('admin');
  const tags = ['campaigns'];
  const params = CampaignParamsSchema;

  app.post(
    '/campaigns/:id/review',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'What starting it would do, computed on the server (recipients, exclusions, segments, quota, problems)',
        params,
        body: CampaignReviewBodySchema.nullish(),
        response: { 200: CampaignReviewSchema },
      },
    },
    async (request) => campaigns.review(authOf(request).workspaceId, request.params.id, request.body?.sampleContactId),
  );

  app.post(
    '/campaigns/:id/test',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Send its text (personalised for contactId, or with defaults) to one number',
        params,
        body: CampaignTestBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => ({
      message: await campaigns.test(
        authOf(request).workspaceId,
        request.params.id,
        request.body.to,
        request.body.contactId,
      ),
    }),
  );

  for (const [action, { method, summary }] of Object.entries(ACTIONS)) {
    app.post(
      `/campaigns/:id/${action}`,
      { onRequest: admin, schema: { tags, summary, params, response: { 200: CampaignResponseSchema } } },
      async (request) => ({ campaign: await campaigns[method](authOf(request).workspaceId, request.params.id) }),
    );
  }
};
