import {
  ConnectionTestResultSchema,
  CreateNetworkBodySchema,
  MessageResponseSchema,
  NetworkLogResponseSchema,
  NetworkParamsSchema,
  TestMessageBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** Does a network work? (admin only): connection tests, its log, a test message. */
export const networkDiagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { networks, connectionTests, messaging } = app.services;
  const tags = ['networks'];
  const admin = requireRole('admin');
  const params = NetworkParamsSchema;

  app.post(
    '/networks/test-connection',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Test settings before saving them (SMPP binds, HTTP credentials are checked)',
        body: CreateNetworkBodySchema,
        response: { 200: ConnectionTestResultSchema },
      },
    },
    async (request) => connectionTests.testDraft(request.body),
  );

  app.post(
    '/networks/:id/test-connection',
    { onRequest: admin, schema: { tags, params, response: { 200: ConnectionTestResultSchema } } },
    async (request) => connectionTests.testSaved(authOf(request).workspaceId, request.params.id),
  );

  app.get(
    '/networks/:id/logs',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Rejected webhooks and recent errors, newest first',
        params,
        response: { 200: NetworkLogResponseSchema },
      },
    },
    async (request) => ({ entries: await networks.logs(authOf(request).workspaceId, request.params.id) }),
  );

  app.post(
    '/networks/:id/test-message',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Send a test message',
        params,
        body: TestMessageBodySchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await messaging.queue({
        workspaceId: authOf(request).workspaceId,
        networkId: request.params.id,
        to: request.body.to,
        body: request.body.body,
        origin: 'test',
      });
      return reply.code(201).send({ message });
    },
  );
};
