import {
  ApiConversationMessagesQuerySchema,
  ApiConversationMessagesResponseSchema,
  ApiConversationParamsSchema,
  ApiConversationResponseSchema,
  ApiConversationsQuerySchema,
  ApiConversationsResponseSchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1Errors, v1Route } from './v1-docs.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';
import { nextLink } from './v1-pages.js';

const notFound = { 404: ErrorResponseSchema.describe('No such conversation in this workspace (`NOT_FOUND`).') };

/** `/api/v1/conversations`: the SMS inbox's threads and their messages, read-only (scope messages:read). */
export const v1ConversationsRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const { conversations } = app.services.developerApi;
  const onRequest = [guard.authenticate, guard.requireScope('messages:read')];

  app.get(
    '/conversations',
    {
      onRequest,
      schema: {
        ...v1Route('conversations', 'Conversations, newest activity first, in cursor pages (scope messages:read)'),
        description:
          'One conversation per contact and network, as the SMS inbox shows them. Poll for what changed with `updatedSince`; follow `next` for older ones.',
        querystring: ApiConversationsQuerySchema,
        response: {
          200: ApiConversationsResponseSchema,
          ...v1Errors,
          400: ErrorResponseSchema.describe(
            'The request failed validation (`VALIDATION_FAILED`), or `phoneNumber` is not an international number (`INVALID_PHONE_NUMBER`).',
          ),
        },
      },
    },
    async (request) => {
      const { cursor, limit, unread, ...filters } = request.query;
      const page = await conversations.list(
        apiCallerOf(request).workspaceId,
        { ...filters, unread: unread === undefined ? undefined : unread === 'true' },
        cursor,
        limit,
      );
      return { conversations: page.conversations, next: nextLink('/api/v1/conversations', request.query, page.next) };
    },
  );

  app.get(
    '/conversations/:id',
    {
      onRequest,
      schema: {
        ...v1Route('conversations', 'One conversation (scope messages:read)'),
        params: ApiConversationParamsSchema,
        response: { 200: ApiConversationResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => ({
      conversation: await conversations.get(apiCallerOf(request).workspaceId, request.params.id),
    }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest,
      schema: {
        ...v1Route('conversations', 'A conversation’s messages, newest first, in cursor pages (scope messages:read)'),
        params: ApiConversationParamsSchema,
        querystring: ApiConversationMessagesQuerySchema,
        response: { 200: ApiConversationMessagesResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => {
      const { id } = request.params;
      const page = await conversations.messages(
        apiCallerOf(request).workspaceId,
        id,
        request.query.cursor,
        request.query.limit,
      );
      return {
        messages: page.messages,
        next: nextLink(`/api/v1/conversations/${id}/messages`, request.query, page.next),
      };
    },
  );
};
