import { RegisterBodySchema, SessionResponseSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_TAGS, credentialRateLimit, setSessionCookie, type AuthRoutesOptions } from './auth-route-options.js';

/** Sign-up: a new workspace and its admin, signed in at once. */
export const signUpRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const auth = app.services.auth;

  app.post(
    '/register',
    {
      config: credentialRateLimit(options),
      schema: {
        tags: AUTH_TAGS,
        summary: 'Create a workspace and its first (admin) user',
        body: RegisterBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await auth.register(request.body, request.headers['user-agent'], request.ip);
      setSessionCookie(reply, session, options);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );
};
