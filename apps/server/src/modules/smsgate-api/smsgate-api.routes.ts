import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsgateAuthRoutes } from './smsgate-auth.routes.js';
import { smsgateDevicesRoutes } from './smsgate-devices.routes.js';
import { createSmsgateGuard, type SmsgateGuard } from './smsgate-guard.js';
import { smsgateMessagesRoutes } from './smsgate-messages.routes.js';
import { smsgateSystemRoutes } from './smsgate-system.routes.js';
import { smsgateWebhooksRoutes } from '../webhooks/smsgate-webhooks.routes.js';

export type { SmsgateGuard } from './smsgate-guard.js';
export { smsgateCallerOf } from './smsgate-guard.js';

/** A route plugin behind the guard: what every plugin in SMSGATE_ROUTES takes. */
export type SmsgateRoutePlugin = FastifyPluginAsyncZod<{ guard: SmsgateGuard; basePath: string }>;

/**
 * The route plugins of `/api/3rdparty/v1`, each given the guard (authenticate, then
 * requireScope with an SMSGate scope per route). Another module's routes under this API (its
 * webhooks) are added to this list.
 */
const SMSGATE_ROUTES: SmsgateRoutePlugin[] = [
  smsgateAuthRoutes,
  smsgateMessagesRoutes,
  smsgateDevicesRoutes,
  smsgateSystemRoutes,
  smsgateWebhooksRoutes,
];

export interface SmsgateApiOptions {
  /** Where it is registered (`/api/3rdparty/v1`): Location headers name it. */
  prefix: string;
  /** Requests per minute one API key may make here (its tokens included). */
  rateLimitPerMinute: number;
}

/**
 * The SMSGate-compatible third-party API (smsgate.md §4). Errors keep our `{ error, code }` and
 * add SMSGate's `message` (the same text): the reference's clients read `message`, ours `code`.
 */
export const smsgateApiRoutes: FastifyPluginAsyncZod<SmsgateApiOptions> = async (app, options) => {
  app.decorateRequest('smsgateCaller', null);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"')) return payload;
    const body = JSON.parse(payload) as { error: string };
    return JSON.stringify({ message: body.error, ...body });
  });
  app.setNotFoundHandler((request, reply) => {
    const message = `No route ${request.method} ${request.url.split('?')[0]}.`;
    return reply.code(404).send({ message, error: message, code: 'NOT_FOUND' });
  });
  const guard = createSmsgateGuard(app, options.rateLimitPerMinute);
  for (const plugin of SMSGATE_ROUTES) await app.register(plugin, { guard, basePath: options.prefix });
};
