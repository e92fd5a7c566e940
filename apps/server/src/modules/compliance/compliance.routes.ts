import { ComplianceSettingsSchema, UpdateComplianceBodySchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The workspace's opt-out, opt-in and help replies (admin only). */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const compliance = app.services.compliance;
  const admin = requireRole('admin');
  const tags = ['compliance'];

  app.get(
    '/compliance',
    {
      onRequest: admin,
      schema: { tags, summary: 'Opt-out, opt-in and help replies', response: { 200: ComplianceSettingsSchema } },
    },
    async (request) => compliance.settings(authOf(request).workspaceId),
  );

  app.patch(
    '/compliance',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change the replies or their language (null resets a text to the default)',
        body: UpdateComplianceBodySchema,
        response: { 200: ComplianceSettingsSchema },
      },
    },
    async (request) => compliance.update(authOf(request).workspaceId, request.body),
  );
};
