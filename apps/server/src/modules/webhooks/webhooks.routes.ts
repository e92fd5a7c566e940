import {
  CreateWebhookBodySchema,
  ErrorResponseSchema,
  RotateWebhookSecretBodySchema,
  UpdateWebhookBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryResponseSchema,
  WebhookParamsSchema,
  WebhookResponseSchema,
  WebhooksResponseSchema,
  WebhookWithSecretResponseSchema,
} from '@switchboard/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import { smsgateSigningKeyRoutes } from './smsgate-webhooks.routes.js';

export interface WebhookRouteOptions {
  /** Who may call (an admin's session, or an API key with `webhooks:manage`). */
  onRequest: onRequestAsyncHookHandler[];
  workspaceOf(request: FastifyRequest): string;
  /** Tags, summary and security of a route's OpenAPI entry. */
  docs(summary: string): Record<string, unknown>;
  /** The error answers every route documents (the v1 guard's). */
  errors: Record<number, z.ZodType>;
}

const notFound = {
  404: ErrorResponseSchema.describe('No such webhook (or delivery) in this workspace (`NOT_FOUND`).'),
};
const refused = {
  400: ErrorResponseSchema.describe(
    'Validation failed (`VALIDATION_FAILED`), or the URL is not https or names a private address (`WEBHOOK_URL_NOT_ALLOWED`).',
  ),
};

/** The webhook endpoints, their log, test events and resends: the same routes for admins and for API keys. */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRouteOptions> = async (app, options) => {
  await app.register(endpointRoutes, options);
  await app.register(deliveryRoutes, options);
};

/** Create, list, read, change, delete; the secret's rotation. */
const endpointRoutes: FastifyPluginAsyncZod<WebhookRouteOptions> = async (app, options) => {
  const webhooks = app.services.webhooks;
  const { onRequest, workspaceOf, docs, errors } = options;
  const params = WebhookParamsSchema;

  app.get(
    '/webhooks',
    {
      onRequest,
      schema: {
        ...docs('The workspace’s webhook endpoints, newest first'),
        response: { 200: WebhooksResponseSchema, ...errors },
      },
    },
    async (request) => ({ webhooks: await webhooks.endpoints.list(workspaceOf(request)) }),
  );

  app.post(
    '/webhooks',
    {
      onRequest,
      schema: {
        ...docs('Add a webhook endpoint; its signing secret (`whsec_…`) is in this answer only'),
        body: CreateWebhookBodySchema,
        response: { 201: WebhookWithSecretResponseSchema, ...errors, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.endpoints.create(workspaceOf(request), request.body)),
  );

  app.get(
    '/webhooks/:id',
    {
      onRequest,
      schema: {
        ...docs('One webhook endpoint'),
        params,
        response: { 200: WebhookResponseSchema, ...errors, ...notFound },
      },
    },
    async (request) => ({ webhook: await webhooks.endpoints.get(workspaceOf(request), request.params.id) }),
  );

  app.patch(
    '/webhooks/:id',
    {
      onRequest,
      schema: {
        ...docs('Change a webhook endpoint (URL, description, events, enabled)'),
        params,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookResponseSchema, ...errors, ...refused, ...notFound },
      },
    },
    async (request) => ({
      webhook: await webhooks.endpoints.update(workspaceOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest,
      schema: {
        ...docs('Delete a webhook endpoint and its log'),
        params,
        response: { 204: z.null(), ...errors, ...notFound },
      },
    },
    async (request, reply) => {
      await webhooks.endpoints.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      onRequest,
      schema: {
        ...docs('A new signing secret (in this answer only); the previous one keeps signing for `overlapHours`'),
        params,
        body: RotateWebhookSecretBodySchema,
        response: { 200: WebhookWithSecretResponseSchema, ...errors, ...notFound },
      },
    },
    async (request) => webhooks.endpoints.rotateSecret(workspaceOf(request), request.params.id, request.body),
  );
};

/** The delivery log, "Send test event" and "Resend". */
const deliveryRoutes: FastifyPluginAsyncZod<WebhookRouteOptions> = async (app, options) => {
  const webhooks = app.services.webhooks;
  const { onRequest, workspaceOf, docs, errors } = options;
  const params = WebhookParamsSchema;

  app.get(
    '/webhooks/:id/deliveries',
    {
      onRequest,
      schema: {
        ...docs('The endpoint’s delivery log, newest first, each delivery with its attempts'),
        params,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveriesResponseSchema, ...errors, ...notFound },
      },
    },
    async (request) => ({
      deliveries: await webhooks.deliveries(workspaceOf(request), request.params.id, request.query.limit),
    }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      onRequest,
      schema: {
        ...docs('Send a `webhook.test` event to this endpoint (delivered like any event)'),
        params,
        response: { 202: WebhookDeliveryResponseSchema, ...errors, ...notFound },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ delivery: await webhooks.sendTest(workspaceOf(request), request.params.id) }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      onRequest,
      schema: {
        ...docs('Deliver the same event (same id and body) again, as a new delivery'),
        params: WebhookDeliveryParamsSchema,
        response: { 202: WebhookDeliveryResponseSchema, ...errors, ...notFound },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        delivery: await webhooks.resend(workspaceOf(request), request.params.id, request.params.deliveryId),
      }),
  );
};

/** `/api/webhooks…`: the developer page's routes (admins of the workspace; editors get 403). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(smsgateSigningKeyRoutes);
  await app.register(webhookRoutes, {
    onRequest: [requireRole('admin')],
    workspaceOf: (request) => authOf(request).workspaceId,
    docs: (summary) => ({ tags: ['webhooks'], summary }),
    errors: {},
  });
};
