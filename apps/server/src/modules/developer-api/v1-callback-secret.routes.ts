import { ApiCallbackSecretResponseSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1Errors, v1Route } from './v1-docs.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';

/**
 * `GET /api/v1/callback-secret`: the secret that signs the calling key's callbacks (`callbackUrl`
 * of its messages), derived from the key, so a token made from the key gets the same one.
 */
export const v1CallbackSecretRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const { callbacks } = app.services.webhooks;
  app.get(
    '/callback-secret',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:send')],
      schema: {
        ...v1Route(
          'messages',
          'The secret that signs this key’s callbacks (`callbackUrl`); verify them like webhooks (scope messages:send)',
        ),
        response: { 200: ApiCallbackSecretResponseSchema, ...v1Errors },
      },
    },
    async (request) => ({ secret: callbacks.secretFor(apiCallerOf(request).keyId) }),
  );
};
