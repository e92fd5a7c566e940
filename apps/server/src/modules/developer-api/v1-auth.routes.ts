import { API_TOKEN_TTL_SECONDS, ApiTokenBodySchema, ApiTokenResponseSchema, UsageSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1Errors, v1Route } from './v1-docs.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';

/** `/api/v1/auth/token` (a key for a short-lived token) and `/api/v1/usage`. */
export const v1AuthRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const developerApi = app.services.developerApi;

  app.post(
    '/auth/token',
    {
      onRequest: guard.authenticate,
      schema: {
        ...v1Route('auth', 'Exchange the API key for a short-lived token with some or all of its scopes'),
        description:
          'For browsers and mobile apps that must not hold the key: the token works like the key on every `/api/v1` call, with the scopes it carries, until it expires or the key is revoked. Only a key (not a token) can be exchanged.',
        body: ApiTokenBodySchema,
        response: { 201: ApiTokenResponseSchema, ...v1Errors },
      },
    },
    async (request, reply) => {
      const { token, expiresAt, scopes } = await developerApi.exchange(
        apiCallerOf(request),
        request.body?.scopes,
        request.body?.ttlSeconds ?? API_TOKEN_TTL_SECONDS,
      );
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ accessToken: token, tokenType: 'Bearer' as const, expiresAt: expiresAt.toISOString(), scopes });
    },
  );

  app.get(
    '/usage',
    {
      onRequest: [guard.authenticate, guard.requireScope('usage:read')],
      schema: {
        ...v1Route('usage', 'The plan and this month’s outbound SMS segments against its quota (scope usage:read)'),
        response: { 200: UsageSchema, ...v1Errors },
      },
    },
    async (request) => app.services.workspaces.usage(apiCallerOf(request).workspaceId),
  );
};
