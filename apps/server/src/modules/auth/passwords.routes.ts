import {
  ForgotPasswordBodySchema,
  OkResponseSchema,
  ResetPasswordBodySchema,
  UnlockBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { AUTH_TAGS, credentialRateLimit, type AuthRoutesOptions } from './auth-route-options.js';

/** Passwords: ask for a reset link, set a new password from it, unlock the lock screen. */
export const passwordsRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const auth = app.services.auth;
  const tags = AUTH_TAGS;
  const limited = credentialRateLimit(options);

  app.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Mail a one-hour reset link (always answers 200)',
        body: ForgotPasswordBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password from a reset link; signs out every session',
        body: ResetPasswordBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { ok: true as const };
    },
  );

  app.post(
    '/unlock',
    {
      config: limited,
      onRequest: requireRole('editor'),
      schema: {
        tags,
        summary: 'Lock screen: check the current user’s password',
        body: UnlockBodySchema,
        response: { 200: OkResponseSchema },
      },
    },
    async (request) => {
      await auth.unlock(authOf(request).userId, request.body.password);
      return { ok: true as const };
    },
  );
};
