import {
  ApiBatchParamsSchema,
  ApiBatchResponseSchema,
  ApiSendBatchBodySchema,
  ApiSendBatchResponseSchema,
  ErrorResponseSchema,
} from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeadersSchema, v1Errors, v1Route } from './v1-docs.js';
import { answerIdempotently } from './v1-idempotent.js';
import { apiCallerOf, type V1Guard } from './v1-guard.js';

/** 10,000 recipients with variables pass the app's 1 MB; a batch may take 8. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

/** `POST /api/v1/messages/batch`, `GET` and `DELETE /api/v1/messages/batch/:id`. */
export const v1MessageBatchesRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  const developerApi = app.services.developerApi;
  const { callbacks } = app.services.webhooks;
  const { messages, batches } = developerApi;

  app.post(
    '/messages/batch',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      onRequest: [guard.authenticate, guard.requireScope('messages:send')],
      schema: {
        ...v1Route(
          'messages',
          'Send one template to up to 10,000 recipients, personalised per recipient (one batch id; scope messages:send)',
        ),
        description:
          'Every recipient is checked first: a number that is not international (`invalid_number`), repeated (`duplicate`), opted out (`opted_out`), missing a variable (`missing_variable`) or whose text is too long or empty is refused and named in `refusals`; the others are queued in one transaction, their segments booked on the quota for the whole batch at once (402 and nothing queued when they do not fit). A batch larger than the network sends in 5 seconds has its due times spread over the network’s rate, as a campaign’s, so other messages are not held behind it. Follow it with GET /api/v1/messages/batch/{id} and GET /api/v1/messages?batchId={id}; cancel single messages with DELETE /api/v1/messages/{id}.',
        headers: IdempotencyHeadersSchema,
        body: ApiSendBatchBodySchema,
        response: {
          202: ApiSendBatchResponseSchema,
          ...v1Errors,
          400: ErrorResponseSchema.describe(
            'The request failed validation (`VALIDATION_FAILED`), `sendAt` is past or too far ahead (`SEND_AT_INVALID`) or `callbackUrl` is not allowed (`WEBHOOK_URL_NOT_ALLOWED`).',
          ),
          402: ErrorResponseSchema.describe(
            'The batch needs more segments than the month has left (`QUOTA_EXCEEDED`, with `remaining` and `needed`); nothing was queued.',
          ),
          404: ErrorResponseSchema.describe('No such network in this workspace (`NOT_FOUND`).'),
          409: ErrorResponseSchema.describe('No network can send (`NO_NETWORK`, `NETWORK_DISABLED`).'),
          413: ErrorResponseSchema.describe('The body passes 8 MB (`PAYLOAD_TOO_LARGE`).'),
          422: ErrorResponseSchema.describe(
            'The Idempotency-Key was used for another request (`IDEMPOTENCY_KEY_REUSED`).',
          ),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId, keyId } = apiCallerOf(request);
      const networkId = await messages.networkFor(workspaceId, request.body.networkId);
      const { callbackUrl } = request.body; // a callback target of the key, checked by the SSRF guard
      const callbackEndpointId = callbackUrl && (await callbacks.register(workspaceId, keyId, callbackUrl));
      return answerIdempotently(developerApi.idempotency, request, reply, 202, (within) =>
        batches.send(workspaceId, networkId, request.body, { callbackEndpointId, within }),
      );
    },
  );

  app.get(
    '/messages/batch/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:read')],
      schema: {
        ...v1Route('messages', 'A batch with its messages counted by state (scope messages:read)'),
        params: ApiBatchParamsSchema,
        response: {
          200: ApiBatchResponseSchema,
          ...v1Errors,
          404: ErrorResponseSchema.describe('No such batch in this workspace (`NOT_FOUND`).'),
        },
      },
    },
    async (request) => ({ batch: await batches.get(apiCallerOf(request).workspaceId, request.params.id) }),
  );

  app.delete(
    '/messages/batch/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('messages:send')],
      schema: {
        ...v1Route(
          'messages',
          'Cancel the batch’s messages still queued, their segments given back; those already sent stay (scope messages:send)',
        ),
        params: ApiBatchParamsSchema,
        response: {
          200: ApiBatchResponseSchema,
          ...v1Errors,
          404: ErrorResponseSchema.describe('No such batch in this workspace (`NOT_FOUND`).'),
        },
      },
    },
    async (request) => ({ batch: await batches.cancel(apiCallerOf(request).workspaceId, request.params.id) }),
  );
};
