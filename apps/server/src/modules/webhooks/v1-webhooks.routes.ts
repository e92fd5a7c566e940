import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1Errors, v1Route } from '../developer-api/v1-docs.js';
import { apiCallerOf, type V1Guard } from '../developer-api/v1-guard.js';
import { webhookRoutes } from './webhooks.routes.js';

/** `/api/v1/webhooks…`: the same routes for an API key with the scope `webhooks:manage`. */
export const v1WebhooksRoutes: FastifyPluginAsyncZod<{ guard: V1Guard }> = async (app, { guard }) => {
  await app.register(webhookRoutes, {
    onRequest: [guard.authenticate, guard.requireScope('webhooks:manage')],
    workspaceOf: (request) => apiCallerOf(request).workspaceId,
    docs: (summary) => v1Route('webhooks', `${summary} (scope webhooks:manage)`),
    errors: v1Errors,
  });
};
