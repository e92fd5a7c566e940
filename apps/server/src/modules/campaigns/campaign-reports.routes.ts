import {
  CampaignParamsSchema,
  CampaignRecipientsQuerySchema,
  CampaignRecipientsResponseSchema,
  CampaignThroughputSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** A campaign's recipients (page and CSV) and throughput (admin only). */
export const campaignReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const campaigns = app.services.campaigns;
  const admin = requireRole('admin');
  const tags = ['campaigns'];
  const params = CampaignParamsSchema;
  const filtersOf = (query: {
    state?: string;
    replied?: 'true' | 'false';
    optedOut?: 'true' | 'false';
    q?: string;
  }) => ({
    state: query.state as never,
    replied: flag(query.replied),
    optedOut: flag(query.optedOut),
    q: query.q || undefined,
  });

  app.get(
    '/campaigns/:id/recipients',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Its recipients in queue order (keyset pages): state, error, segments, reply, opt-out',
        params,
        querystring: CampaignRecipientsQuerySchema,
        response: { 200: CampaignRecipientsResponseSchema },
      },
    },
    async (request) =>
      campaigns.recipients(
        authOf(request).workspaceId,
        request.params.id,
        filtersOf(request.query),
        request.query.cursor,
        request.query.limit,
      ),
  );

  app.get(
    '/campaigns/:id/recipients/export',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Its recipients matching the filters as CSV, streamed',
        description:
          'UTF-8 with a byte order mark. Cells starting with = + - @, tab or CR are prefixed with an apostrophe so spreadsheets do not run them.',
        params,
        querystring: CampaignRecipientsQuerySchema.omit({ cursor: true, limit: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { csv } = await campaigns.exportCsv(
        authOf(request).workspaceId,
        request.params.id,
        filtersOf(request.query),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${request.params.id}-recipients.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/campaigns/:id/throughput',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Sent, delivered and failed per 10 seconds, and the ETA',
        params,
        response: { 200: CampaignThroughputSchema },
      },
    },
    async (request) => campaigns.throughput(authOf(request).workspaceId, request.params.id),
  );
};
