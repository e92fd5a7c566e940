import {
  ErrorResponseSchema,
  PublicUserResponseSchema,
  TeamUserResponseSchema,
  UpdateTeamUserBodySchema,
  UserIdParamsSchema,
  UsersPageSchema,
  UsersQuerySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

const tags = ['team'];
const notFound = {
  404: ErrorResponseSchema.describe('No such user in the caller’s workspace (`NOT_FOUND`); another workspace’s too.'),
};
const lastAdmin = {
  409: ErrorResponseSchema.describe(
    'The change would leave the workspace without an active admin (`LAST_ADMIN`), or the username is taken (`USERNAME_TAKEN`).',
  ),
};

/** Spec §1 user management (admins) and §7 `GET /api/users/{id}` (any member). */
export const teamUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = app.services.team;
  const admin = requireRole('admin');

  app.get(
    '/user-management/users',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The users of the caller’s workspace, by name',
        description:
          'Every §3 field of each user; `q` matches part of the name, e-mail or username (any case); `role` and `status` filter; pages of 10, 25, 50 or 100.',
        querystring: UsersQuerySchema,
        response: { 200: UsersPageSchema },
      },
    },
    async (request) => team.list(authOf(request).workspaceId, request.query),
  );

  app.get(
    '/user-management/users/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One user of the workspace with every field',
        params: UserIdParamsSchema,
        response: { 200: TeamUserResponseSchema, ...notFound },
      },
    },
    async (request) => ({ user: await team.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.patch(
    '/user-management/users/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change a user’s profile fields, role or status',
        description:
          'Acts at once on the user’s open sessions: a role or name change reaches their tabs as `user.updated`; blocking or deactivating revokes every session (the access token stops working, a refresh fails) and sends `session.revoked`. The last active admin can’t be demoted, blocked or deactivated (`LAST_ADMIN`). `location` and `socialLinks` merge into what is stored (null or an empty text removes a key).',
        params: UserIdParamsSchema,
        body: UpdateTeamUserBodySchema,
        response: { 200: TeamUserResponseSchema, ...notFound, ...lastAdmin },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { user: await team.update(workspaceId, userId, request.params.id, request.body) };
    },
  );

  app.delete(
    '/user-management/users/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Remove a user from the workspace (deletes the account)',
        description:
          'Their sessions end at once (`session.revoked`, reason removed); what they made stays (campaigns, imports, API keys keep no author). The last active admin can’t be removed, not by themselves either (`LAST_ADMIN`); an admin may remove themselves while another active admin remains.',
        params: UserIdParamsSchema,
        response: {
          204: z.null(),
          ...notFound,
          409: ErrorResponseSchema.describe('The last active admin (`LAST_ADMIN`).'),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = authOf(request);
      await team.remove(workspaceId, userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'A colleague’s public profile (any signed-in member)',
        params: UserIdParamsSchema,
        response: { 200: PublicUserResponseSchema, ...notFound },
      },
    },
    async (request) => ({ user: await team.getPublic(authOf(request).workspaceId, request.params.id) }),
  );
};
