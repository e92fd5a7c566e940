import {
  DeleteWorkspaceBodySchema,
  OkResponseSchema,
  UpdateWorkspaceProfileBodySchema,
  WorkspaceProfileSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import {
  credentialRateLimit,
  IMMUTABLE_CACHE,
  WORKSPACE_PROFILE_TAGS as tags,
  type AccountRoutesOptions,
} from './account-options.js';
import { readImageUpload } from './image-upload.js';

const LogoParamsSchema = z.object({ workspaceId: z.uuid(), version: z.coerce.number().int().positive() });

/** The workspace's profile, logo and deletion (admins); the logos themselves (public, cached for good). */
export const workspaceProfileRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const profile = app.services.account.workspaceProfile;
  const admin = requireRole('admin');
  const response = { 200: WorkspaceProfileSchema };

  app.get(
    '/workspace/profile',
    { onRequest: admin, schema: { tags, summary: 'The workspace’s profile', response } },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return profile.get(workspaceId, userId);
    },
  );

  app.patch(
    '/workspace/profile',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change the workspace’s name, company, address, time zone or default network',
        description:
          'The time zone changes as `PATCH /api/workspace` does (audited). `defaultNetworkId` must be an enabled ' +
          'network of the workspace (400 otherwise); sends that name no network go through it first; null: the ' +
          'oldest enabled real network. The address merges into what is stored (null clears a line).',
        body: UpdateWorkspaceProfileBodySchema,
        response,
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return profile.update(workspaceId, userId, request.body);
    },
  );

  app.put(
    '/workspace/logo',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Upload the workspace’s logo (multipart, one file `logo`)',
        description:
          'PNG, JPEG or WebP by its bytes (415 otherwise), at most 2 MB (413). `logoURL` becomes ' +
          '`/api/workspace-logos/{workspaceId}/{version}`.',
        consumes: ['multipart/form-data'],
        response,
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      const { bytes } = await readImageUpload(request, 'logo');
      return profile.setLogo(workspaceId, userId, bytes);
    },
  );

  app.delete(
    '/workspace/logo',
    { onRequest: admin, schema: { tags, summary: 'Remove the workspace’s logo', response } },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return profile.setLogo(workspaceId, userId, null);
    },
  );

  app.get(
    '/workspace-logos/:workspaceId/:version',
    {
      schema: {
        tags,
        summary: 'A workspace’s logo (public, so `<img>` works; cached a year, immutable)',
        description: 'Only the current version exists: an older one answers 404.',
        params: LogoParamsSchema,
      },
    },
    async (request, reply) => {
      const { bytes, type } = await profile.readLogo(request.params.workspaceId, request.params.version);
      return reply.header('cache-control', IMMUTABLE_CACHE).type(type).send(bytes);
    },
  );

  app.delete(
    '/workspace',
    {
      onRequest: admin,
      config: credentialRateLimit(options),
      schema: {
        tags,
        summary: 'Delete the workspace with everything in it',
        description:
          '`confirm` must be the workspace’s name exactly (400 `CONFIRMATION_MISMATCH`) and `password` the ' +
          'caller’s (403 `WRONG_PASSWORD`). Users, networks, messages, contacts, campaigns, files: all go, and ' +
          'every member’s open tabs hear `session.revoked` (workspace-deleted).',
        body: DeleteWorkspaceBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      await app.services.account.deleteWorkspace(workspaceId, userId, request.body);
      return { ok: true as const };
    },
  );
};
