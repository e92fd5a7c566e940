import {
  NewUserBodySchema,
  UpdateWorkspaceBodySchema,
  UsageSchema,
  WorkspaceResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const workspaces = app.services.workspaces;
  const admin = requireRole('admin');
  const tags = ['workspaces'];

  // Spec §7 live call, made by the web after a successful sign-up. Admin only: it renames the workspace.
  app.post(
    '/new_user',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Store the registration details on the caller’s workspace (idempotent)',
        body: NewUserBodySchema,
        response: { 200: WorkspaceResponseSchema },
      },
    },
    async (request) => ({
      workspace: await workspaces.saveRegistration(authOf(request).workspaceId, request.body.payload),
    }),
  );

  app.get(
    '/usage',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The plan and this month’s outbound SMS segments against its quota',
        response: { 200: UsageSchema },
      },
    },
    async (request) => workspaces.usage(authOf(request).workspaceId),
  );

  app.patch(
    '/workspace',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change the workspace’s settings (its time zone; recorded in its audit log)',
        body: UpdateWorkspaceBodySchema,
        response: { 200: WorkspaceResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { workspace: await workspaces.update(workspaceId, request.body, userId) };
    },
  );
};
