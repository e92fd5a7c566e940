import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1AuthRoutes } from './v1-auth.routes.js';
import { v1MessagesRoutes } from './v1-messages.routes.js';
import { createV1Guard } from './v1-guard.js';

export interface PublicApiOptions {
  /** Requests per minute one API key may make (its tokens included). */
  rateLimitPerMinute: number;
}

/** The public REST API, registered under `/api/v1`: every route behind the v1 guard. */
export const publicApiRoutes: FastifyPluginAsyncZod<PublicApiOptions> = async (app, options) => {
  app.decorateRequest('apiCaller', null);
  const guard = createV1Guard(app, options.rateLimitPerMinute);
  await app.register(v1AuthRoutes, { guard });
  await app.register(v1MessagesRoutes, { guard });
};
