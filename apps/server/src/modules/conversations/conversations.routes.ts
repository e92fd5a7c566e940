import {
  ConversationListQuerySchema,
  ConversationListResponseSchema,
  ConversationParamsSchema,
  ConversationResponseSchema,
  InboxCountsSchema,
  MessageResponseSchema,
  ReplyBodySchema,
  ThreadQuerySchema,
  ThreadResponseSchema,
  UpdateConversationBodySchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastResponse } from '../../lib/fast-response.js';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The SMS inbox (admin only): threads, messages, read state, replies. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const conversations = app.services.conversations;
  const admin = requireRole('admin');
  const tags = ['conversations'];
  const params = ConversationParamsSchema;

  app.get(
    '/conversations',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Threads, newest activity first (cursor pages; search and filters)',
        querystring: ConversationListQuerySchema,
        response: { 200: fastResponse(ConversationListResponseSchema) },
      },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      return conversations.list(authOf(request).workspaceId, filters, cursor, limit);
    },
  );

  app.get(
    '/conversations/:id',
    { onRequest: admin, schema: { tags, params, response: { 200: ConversationResponseSchema } } },
    async (request) => ({ conversation: await conversations.get(authOf(request).workspaceId, request.params.id) }),
  );

  app.patch(
    '/conversations/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Mark a thread read or unread',
        params,
        body: UpdateConversationBodySchema,
        response: { 200: ConversationResponseSchema },
      },
    },
    async (request) => ({
      conversation: await conversations.setUnread(authOf(request).workspaceId, request.params.id, request.body.unread),
    }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'A thread’s messages, newest first (the cursor goes back in time)',
        params,
        querystring: ThreadQuerySchema,
        response: { 200: fastResponse(ThreadResponseSchema) },
      },
    },
    async (request) =>
      conversations.messages(authOf(request).workspaceId, request.params.id, request.query.cursor, request.query.limit),
  );

  app.post(
    '/conversations/:id/messages',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reply in the thread (queued, then dispatched)',
        params,
        body: ReplyBodySchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      const { workspaceId, userId } = authOf(request);
      return reply.code(201).send({
        message: await conversations.reply(workspaceId, request.params.id, request.body.body, userId),
      });
    },
  );

  app.get(
    '/inbox/counts',
    {
      onRequest: admin,
      schema: { tags, summary: 'Unread threads and unlistened voice messages', response: { 200: InboxCountsSchema } },
    },
    async (request) => conversations.counts(authOf(request).workspaceId),
  );
};
