import { SmsgateSigningKeyResponseSchema, SmsgateWebhookBodySchema, SmsgateWebhookSchema } from '@switchboard/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';

/** The parts of the SMSGate API's guard these routes use (smsgate-api/smsgate-guard.ts). */
export interface SmsgateWebhooksGuard {
  authenticate: onRequestAsyncHookHandler;
  requireScope(scope: 'webhooks:list' | 'webhooks:write' | 'webhooks:delete'): onRequestAsyncHookHandler;
}

const tags = ['smsgate'];

/**
 * `/api/3rdparty/v1/webhooks` (smsgate.md §4), registered by the SMSGate API among its route
 * plugins with its guard: SMSGate's webhook objects, stored as SMSGate-format endpoints.
 */
export const smsgateWebhooksRoutes: FastifyPluginAsyncZod<{ guard: SmsgateWebhooksGuard }> = async (app, { guard }) => {
  const smsgate = app.services.webhooks.smsgate;
  const workspaceOf = (request: FastifyRequest) => {
    const caller = (request as FastifyRequest & { smsgateCaller?: { workspaceId: string } | null }).smsgateCaller;
    if (!caller) throw new Error('the SMSGate guard did not run');
    return caller.workspaceId;
  };

  app.get(
    '/webhooks',
    {
      onRequest: [guard.authenticate, guard.requireScope('webhooks:list')],
      schema: { tags, summary: 'The SMSGate-format webhooks', response: { 200: z.array(SmsgateWebhookSchema) } },
    },
    async (request) => smsgate.list(workspaceOf(request)),
  );

  app.post(
    '/webhooks',
    {
      onRequest: [guard.authenticate, guard.requireScope('webhooks:write')],
      schema: {
        tags,
        summary: 'Register a webhook (the same id replaces it); https only, deviceId an Android network or null',
        body: SmsgateWebhookBodySchema,
        response: { 201: SmsgateWebhookSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await smsgate.register(workspaceOf(request), request.body)),
  );

  app.delete(
    '/webhooks/:id',
    {
      onRequest: [guard.authenticate, guard.requireScope('webhooks:delete')],
      schema: {
        tags,
        summary: 'Delete a webhook; 204 for an unknown id too',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      await smsgate.remove(workspaceOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};

/** `/api/webhooks/smsgate-signing-key`: admins read and rotate the key of X-Signature (the developer page). */
export const smsgateSigningKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.webhooks.smsgate.signingKey;
  const schema = (summary: string) => ({
    tags: ['webhooks'],
    summary,
    response: { 200: SmsgateSigningKeyResponseSchema },
  });
  app.get(
    '/webhooks/smsgate-signing-key',
    { onRequest: [requireRole('admin')], schema: schema('The key that signs the SMSGate-format webhooks') },
    async (request) => ({ key: await keys.get(authOf(request).workspaceId) }),
  );
  app.post(
    '/webhooks/smsgate-signing-key/rotate',
    {
      onRequest: [requireRole('admin')],
      schema: schema('A new SMSGate signing key (the old one stops signing at once)'),
    },
    async (request) => ({ key: await keys.set(authOf(request).workspaceId) }),
  );
};
