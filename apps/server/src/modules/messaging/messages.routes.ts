import {
  MessageParamsSchema,
  MessageResponseSchema,
  MessagesResponseSchema,
  NetworkParamsSchema,
  SandboxInboundBodySchema,
  SandboxThreadQuerySchema,
  SendMessageBodySchema,
} from '@switchboard/contract';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { requireE164 } from '../../lib/phone-number.js';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** Sending and reading messages, and the sandbox's virtual phone (admin only). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const messaging = app.services.messaging;
  const admin = requireRole('admin');
  const tags = ['messages'];

  app.post(
    '/messages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Send a message (queued, then dispatched)',
        body: SendMessageBodySchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await messaging.queue({
        workspaceId: authOf(request).workspaceId,
        ...request.body,
        origin: 'reply',
      });
      return reply.code(201).send({ message });
    },
  );

  app.get(
    '/messages/:id',
    { onRequest: admin, schema: { tags, params: MessageParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({ message: await messaging.get(authOf(request).workspaceId, request.params.id) }),
  );

  /** The virtual phone's side of a sandbox network. */
  async function sandboxOf(workspaceId: string, networkId: string) {
    const network = await app.services.networks.runtimeInWorkspace(workspaceId, networkId);
    if (network.kind !== 'sandbox')
      throw new AppError('WRONG_NETWORK_KIND', 'Only a sandbox network has a virtual phone.');
    return network;
  }

  app.post(
    '/networks/:id/sandbox/messages',
    {
      onRequest: admin,
      schema: {
        tags: ['networks'],
        summary: 'The virtual phone texts the workspace (through the inbound pipeline)',
        params: NetworkParamsSchema,
        body: SandboxInboundBodySchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId } = authOf(request);
      const network = await sandboxOf(workspaceId, request.params.id);
      const { messageId } = await messaging.host.receiveInbound({
        networkId: network.id,
        from: requireE164(request.body.from, 'from'),
        body: request.body.body,
        providerMessageId: `sandbox-in-${randomUUID()}`,
      });
      return reply.code(201).send({ message: await messaging.get(workspaceId, messageId) });
    },
  );

  app.get(
    '/networks/:id/sandbox/messages',
    {
      onRequest: admin,
      schema: {
        tags: ['networks'],
        summary: 'What the virtual phone with this number sent and received, oldest first',
        params: NetworkParamsSchema,
        querystring: SandboxThreadQuerySchema,
        response: { 200: MessagesResponseSchema },
      },
    },
    async (request) => {
      const { workspaceId } = authOf(request);
      const network = await sandboxOf(workspaceId, request.params.id);
      return { messages: await messaging.threadWith(workspaceId, network.id, request.query.number) };
    },
  );
};
