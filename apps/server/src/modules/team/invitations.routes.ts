import {
  AcceptInvitationBodySchema,
  CreateInvitationBodySchema,
  ErrorResponseSchema,
  InvitationIdParamsSchema,
  InvitationPreviewSchema,
  InvitationResponseSchema,
  InvitationsResponseSchema,
  InvitationTokenParamsSchema,
  SessionResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { credentialRateLimit, setSessionCookie, type AuthRoutesOptions } from '../auth/auth-route-options.js';

const tags = ['team'];
const notFound = {
  404: ErrorResponseSchema.describe(
    'No such invitation in the caller’s workspace (`NOT_FOUND`); another workspace’s too.',
  ),
};
const unusable = {
  400: ErrorResponseSchema.describe(
    'Validation failed, or the invitation can’t be used (`INVITATION_INVALID`: unknown, expired, revoked or already accepted; the message says which).',
  ),
};

/**
 * Invitations: the admins' calls under /user-management/invitations, and the invitee's public
 * ones under /invitations (the link's token is the credential; rate-limited per IP like sign-up).
 * Options: the auth routes' (the accept signs in, with the refresh cookie).
 */
export const invitationsRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { invitations, acceptance } = app.services.team;
  const admin = requireRole('admin');

  app.get(
    '/user-management/invitations',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The workspace’s invitations: open ones, and those accepted or revoked in the last 30 days',
        response: { 200: InvitationsResponseSchema },
      },
    },
    async (request) => ({ invitations: await invitations.list(authOf(request).workspaceId) }),
  );

  app.post(
    '/user-management/invitations',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Invite an address with a role: a link valid 7 days, by mail',
        description:
          'Inviting an address that has an open invitation renews it (the role given, a new link and expiry; the old link stops working). An address with a Switchboard account can’t be invited (`EMAIL_IN_USE`).',
        body: CreateInvitationBodySchema,
        response: {
          200: InvitationResponseSchema,
          409: ErrorResponseSchema.describe('The address already has an account (`EMAIL_IN_USE`).'),
        },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { invitation: await invitations.create(workspaceId, userId, request.body) };
    },
  );

  app.post(
    '/user-management/invitations/:id/resend',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Mail a pending or expired invitation again: a new link, valid 7 days from now',
        params: InvitationIdParamsSchema,
        response: { 200: InvitationResponseSchema, ...unusable, ...notFound },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { invitation: await invitations.resend(workspaceId, userId, request.params.id) };
    },
  );

  app.delete(
    '/user-management/invitations/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Revoke an invitation: its link stops working',
        description:
          'Revoking a revoked one answers it unchanged; an accepted one can’t be revoked (`INVITATION_INVALID`).',
        params: InvitationIdParamsSchema,
        response: { 200: InvitationResponseSchema, ...unusable, ...notFound },
      },
    },
    async (request) => {
      const { workspaceId, userId } = authOf(request);
      return { invitation: await invitations.revoke(workspaceId, userId, request.params.id) };
    },
  );

  app.get(
    '/invitations/:token',
    {
      config: credentialRateLimit(options),
      schema: {
        tags,
        summary: 'What an invitation link invites to (public; the accept page)',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationPreviewSchema, ...unusable },
      },
    },
    async (request) => acceptance.preview(request.params.token),
  );

  app.post(
    '/invitations/accept',
    {
      config: credentialRateLimit(options),
      schema: {
        tags,
        summary: 'Accept an invitation: create the account in the inviting workspace and sign in (public)',
        description:
          'The account gets the invited address (verified) and role; the answer and the refresh cookie are those of `POST /api/auth/register`. A link works once: two accepts of one link make one account.',
        body: AcceptInvitationBodySchema,
        response: {
          200: SessionResponseSchema,
          ...unusable,
          409: ErrorResponseSchema.describe('The address got an account meanwhile (`EMAIL_IN_USE`).'),
        },
      },
    },
    async (request, reply) => {
      const session = await acceptance.accept(request.body, request.headers['user-agent']);
      setSessionCookie(reply, session, options);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );
};
