import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsgateCallerOf, type SmsgateGuard } from './smsgate-guard.js';
import {
  ListMessagesQuerySchema,
  MessageParamsSchema,
  MessageStateSchema,
  SendMessageBodySchema,
  SendMessageQuerySchema,
} from './smsgate-schemas.js';

const tags = ['smsgate'];

/**
 * `/message` and `/messages` (the reference answers both; the JS client sends to the singular
 * and lists from the plural).
 */
export const smsgateMessagesRoutes: FastifyPluginAsyncZod<{ guard: SmsgateGuard; basePath: string }> = async (
  app,
  { guard, basePath },
) => {
  const { messages } = app.services.smsgateApi;

  for (const path of ['/message', '/messages']) {
    app.post(
      path,
      {
        onRequest: [guard.authenticate, guard.requireScope('messages:send')],
        schema: {
          tags,
          summary: 'Send a message to 1–100 recipients (each one of our messages, queued together)',
          querystring: SendMessageQuerySchema,
          body: SendMessageBodySchema,
          response: { 202: MessageStateSchema },
        },
      },
      async (request, reply) => {
        const { workspaceId } = smsgateCallerOf(request);
        const state = await messages.send(workspaceId, request.body, request.query.skipPhoneValidation ?? false);
        return reply
          .code(202)
          .header('location', `${basePath}/messages/${encodeURIComponent(state.id)}`)
          .send(state);
      },
    );

    app.get(
      path,
      {
        onRequest: [guard.authenticate, guard.requireScope('messages:list')],
        schema: {
          tags,
          summary: 'Messages in pages (limit, offset), their total in X-Total-Count',
          querystring: ListMessagesQuerySchema,
          response: { 200: z.array(MessageStateSchema) },
        },
      },
      async (request, reply) => {
        const page = await messages.list(smsgateCallerOf(request).workspaceId, request.query);
        return reply.header('x-total-count', String(page.total)).send(page.messages);
      },
    );

    app.get(
      `${path}/:id`,
      {
        onRequest: [guard.authenticate, guard.requireScope('messages:read')],
        schema: {
          tags,
          summary: 'A message’s state',
          params: MessageParamsSchema,
          response: { 200: MessageStateSchema },
        },
      },
      async (request) => messages.get(smsgateCallerOf(request).workspaceId, request.params.id),
    );

    app.delete(
      `${path}/:id`,
      {
        onRequest: [guard.authenticate, guard.requireScope('messages:cancel')],
        schema: {
          tags,
          summary: 'Cancel a Pending message (409 once it left the queue)',
          params: MessageParamsSchema,
          response: { 200: MessageStateSchema },
        },
      },
      async (request) => messages.cancel(smsgateCallerOf(request).workspaceId, request.params.id),
    );
  }
};
