import { NewUserBodySchema, WorkspaceResponseSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7 live call, made by the web after a successful sign-up. Admin only: it renames the workspace.
  app.post(
    '/new_user',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['workspaces'],
        summary: 'Store the registration details on the caller’s workspace (idempotent)',
        body: NewUserBodySchema,
        response: { 200: WorkspaceResponseSchema },
      },
    },
    async (request) => ({
      workspace: await app.services.workspaces.saveRegistration(authOf(request).workspaceId, request.body.payload),
    }),
  );
};
