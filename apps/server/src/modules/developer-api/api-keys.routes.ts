import {
  ApiKeyBasicAuthResponseSchema,
  ApiKeyParamsSchema,
  ApiKeyResponseSchema,
  ApiKeysResponseSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeyResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The developer page's API keys (admins of the workspace; editors get 403). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.developerApi.keys;
  const admin = requireRole('admin');
  const tags = ['developer-api'];

  app.get(
    '/api-keys',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The workspace’s API keys, newest first (revoked ones included; never their secrets)',
        response: { 200: ApiKeysResponseSchema },
      },
    },
    async (request) => ({ apiKeys: await keys.list(authOf(request).workspaceId) }),
  );

  app.post(
    '/api-keys',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Create an API key; its secret is in this answer only',
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = authOf(request);
      return reply.code(201).send(await keys.create(workspaceId, userId, request.body));
    },
  );

  app.post(
    '/api-keys/:id/revoke',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once and never works again',
        params: ApiKeyParamsSchema,
        response: { 200: ApiKeyResponseSchema },
      },
    },
    async (request) => ({ apiKey: await keys.revoke(authOf(request).workspaceId, request.params.id) }),
  );

  app.post(
    '/api-keys/:id/basic-auth',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'New SMSGate-compatible API credentials (user name and password) for a working key, shown this once; the old ones stop working',
        params: ApiKeyParamsSchema,
        response: { 201: ApiKeyBasicAuthResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await keys.issueBasicCredentials(authOf(request).workspaceId, request.params.id)),
  );
};
