import {
  MemberParamsSchema,
  MemberResponseSchema,
  MembersResponseSchema,
  UpdateMemberBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = app.services.members;
  const tags = ['members'];

  app.get(
    '/members',
    {
      onRequest: requireRole('admin'),
      schema: { tags, summary: 'The users of the caller’s workspace', response: { 200: MembersResponseSchema } },
    },
    async (request) => ({ members: await members.list(authOf(request).workspaceId) }),
  );

  app.patch(
    '/members/:id',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary: 'Change a member’s role (the workspace keeps at least one admin)',
        params: MemberParamsSchema,
        body: UpdateMemberBodySchema,
        response: { 200: MemberResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { member: await members.changeRole(workspaceId, request.params.id, request.body.role, userId) };
    },
  );
};
