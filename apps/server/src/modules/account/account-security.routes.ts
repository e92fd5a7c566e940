import {
  AccountSessionsSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  OkResponseSchema,
  SessionIdParamsSchema,
  VerifyEmailBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { ACCOUNT_TAGS as tags, credentialRateLimit, type AccountRoutesOptions } from './account-options.js';

const ok = { ok: true as const };

/** E-mail change, password and sessions of the signed-in user (two-factor: two-factor.routes.ts). */
export const accountSecurityRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const account = app.services.account;
  const signedIn = requireRole('editor');
  const limited = credentialRateLimit(options);
  const response = { 200: OkResponseSchema };

  app.post(
    '/account/email',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Ask to change the sign-in address (a link to the new one, valid 24 hours)',
        description: 'Needs the password (403 `WRONG_PASSWORD`); an address of another account: 409 `EMAIL_IN_USE`.',
        body: ChangeEmailBodySchema,
        response,
      },
    },
    async (request) => (await account.email.start(authOf(request).userId, request.body), ok),
  );

  app.post(
    '/account/email/verify',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Open an e-mail change link (public: the link’s page calls it)',
        description:
          'Single use; used, unknown or expired: 400 `INVALID_VERIFICATION_TOKEN`; the address taken meanwhile: ' +
          '409 `EMAIL_IN_USE`. The old address gets a notice.',
        body: VerifyEmailBodySchema,
        response,
      },
    },
    async (request) => (await account.email.verify(request.body.token), ok),
  );

  app.post(
    '/account/password',
    {
      onRequest: signedIn,
      config: limited,
      schema: {
        tags,
        summary: 'Change the password (the current one required); every other session is signed out',
        description:
          'A wrong current password: 403 `WRONG_PASSWORD`. Signed-out tabs hear `session.revoked` (password-changed).',
        body: ChangePasswordBodySchema,
        response,
      },
    },
    async (request) => (await account.changePassword(authOf(request), request.body), ok),
  );

  app.get(
    '/account/sessions',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The caller’s signed-in sessions, current first (device, address, last use)',
        response: { 200: AccountSessionsSchema },
      },
    },
    async (request) => ({ sessions: await account.sessions.list(authOf(request)) }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Sign one of the caller’s sessions out (`session.revoked` to it)',
        description: 'Another user’s, unknown or signed-out session: 404.',
        params: SessionIdParamsSchema,
        response,
      },
    },
    async (request) => (await account.sessions.signOut(authOf(request), request.params.id), ok),
  );

  app.post(
    '/account/sessions/sign-out-others',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Sign every other session of the caller out', response },
    },
    async (request) => (await account.sessions.signOutOthers(authOf(request)), ok),
  );
};
