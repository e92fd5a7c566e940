import {
  ApiMessageParamsSchema,
  ApiMessageResponseSchema,
  ApiMessagesQuerySchema,
  ApiMessagesResponseSchema,
  ApiNetworksResponseSchema,
  ApiSendMessageBodySchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, v1Errors, v1Route } from './v1-docs.js';
import { answerIdempotently } from './v1-idempotent.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';
import { v1CallbackSecretRoutes } from './v1-callback-secret.routes.js';
import { v1MessageBatchesRoutes } from './v1-message-batches.routes.js';

const notFound = { 404: ErrorResponseSchema.describe('No such message in this workspace (`NOT_FOUND`).') };

/** The answers of a send besides 201. */
const sendErrors = {
  ...v1Errors,
  402: ErrorResponseSchema.describe('The plan’s monthly quota is used up (`QUOTA_EXCEEDED`, with `remaining`).'),
  400: ErrorResponseSchema.describe(
    'The request failed validation (`VALIDATION_FAILED` with `fields`), `sendAt` is past or more than 30 days ahead (`SEND_AT_INVALID`), or `callbackUrl` is not https or names a private address (`WEBHOOK_URL_NOT_ALLOWED`).',
  ),
  404: ErrorResponseSchema.describe('No such network in this workspace (`NOT_FOUND`).'),
  409: ErrorResponseSchema.describe(
    'The recipient opted out (`CONTACT_OPTED_OUT`) or no network can send (`NO_NETWORK`).',
  ),
  422: ErrorResponseSchema.describe('The Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`).'),
};

/** `/api/v1/messages` (batches in v1-message-batches.routes.ts), `/api/v1/callback-secret` and `/api/v1/networks`. */
export const v1MessagesRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const developerApi = app.services.developerApi;
  const { callbacks } = app.services.webhooks;
  const { messages } = developerApi;

  app.post(
    '/messages',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:send')],
      schema: {
        ...v1Route('messages', 'Send a message (queued, then dispatched at the network’s rate; scope messages:send)'),
        headers: IdempotencyHeadersSchema,
        body: ApiSendMessageBodySchema,
        response: {
          201: ApiMessageResponseSchema,
          ...sendErrors,
        },
      },
    },
    async (request, reply) => {
      const { workspaceId, keyId } = apiCallerOf(request);
      const networkId = await messages.networkFor(workspaceId, request.body.networkId);
      const { callbackUrl } = request.body; // a callback target of the key, checked by the SSRF guard
      const callbackEndpointId = callbackUrl && (await callbacks.register(workspaceId, keyId, callbackUrl));
      return answerIdempotently(developerApi.idempotency, request, reply, 201, async (within) => ({
        message: await messages.send(workspaceId, networkId, request.body, within, { callbackEndpointId }),
      }));
    },
  );

  app.get(
    '/messages',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:read')],
      schema: {
        ...v1Route('messages', 'Messages, newest first, in cursor pages (scope messages:read)'),
        querystring: ApiMessagesQuerySchema,
        response: { 200: ApiMessagesResponseSchema, ...v1Errors },
      },
    },
    async (request) => {
      const { cursor, limit, from, to, ...filters } = request.query;
      const page = await messages.list(
        apiCallerOf(request).workspaceId,
        { ...filters, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
        cursor,
        limit,
      );
      if (!page.next) return { messages: page.messages, next: null };
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...request.query, cursor: page.next })) {
        if (value !== undefined) query.set(name, String(value));
      }
      return { messages: page.messages, next: `/api/v1/messages?${query.toString()}` };
    },
  );

  app.get(
    '/messages/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:read')],
      schema: {
        ...v1Route('messages', 'One message and its state (scope messages:read)'),
        params: ApiMessageParamsSchema,
        response: { 200: ApiMessageResponseSchema, ...v1Errors, ...notFound },
      },
    },
    async (request) => ({ message: await messages.get(apiCallerOf(request).workspaceId, request.params.id) }),
  );

  app.delete(
    '/messages/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:send')],
      schema: {
        ...v1Route('messages', 'Cancel a message still queued; its segments are given back (scope messages:send)'),
        params: ApiMessageParamsSchema,
        response: {
          200: ApiMessageResponseSchema,
          ...v1Errors,
          ...notFound,
          409: ErrorResponseSchema.describe('It already left the queue (`MESSAGE_NOT_CANCELLABLE`).'),
        },
      },
    },
    async (request) => ({ message: await messages.cancel(apiCallerOf(request).workspaceId, request.params.id) }),
  );

  await app.register(v1CallbackSecretRoutes, { guard });
  await app.register(v1MessageBatchesRoutes, { guard });

  app.get(
    '/networks',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:send', 'messages:read')],
      schema: {
        ...v1Route(
          'networks',
          'The workspace’s networks, without settings or secrets (scope messages:send or messages:read)',
        ),
        response: { 200: ApiNetworksResponseSchema, ...v1Errors },
      },
    },
    async (request) => ({ networks: await messages.networks(apiCallerOf(request).workspaceId) }),
  );
};
