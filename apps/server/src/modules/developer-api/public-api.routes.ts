import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v1WebhooksRoutes } from '../webhooks/v1-webhooks.routes.js';
import { v1AuthRoutes } from './v1-auth.routes.js';
import { v1CampaignsRoutes } from './v1-campaigns.routes.js';
import { v1ContactsRoutes } from './v1-contacts.routes.js';
import { v1ConversationsRoutes } from './v1-conversations.routes.js';
import { v1Document } from './v1-docs.js';
import { v1MessagesRoutes } from './v1-messages.routes.js';
import { createV1Guard } from './v1-guard.js';

export interface PublicApiOptions {
  /** The server's external base URL (the document's server). */
  publicUrl: string;
  /** Requests per minute one API key may make (its tokens included). */
  rateLimitPerMinute: number;
}

/** The public REST API, registered under `/api/v1`: every route behind the v1 guard, and its OpenAPI document. */
export const publicApiRoutes: FastifyPluginAsyncZod<PublicApiOptions> = async (app, options) => {
  app.decorateRequest('apiCaller', null);
  const guard = createV1Guard(app, options.rateLimitPerMinute);
  await app.register(v1AuthRoutes, { guard });
  await app.register(v1MessagesRoutes, { guard });
  await app.register(v1ContactsRoutes, { guard });
  await app.register(v1ConversationsRoutes, { guard });
  await app.register(v1CampaignsRoutes, { guard });
  await app.register(v1WebhooksRoutes, { guard });

  // Public: a developer reads it before having a key. Made once (the routes are fixed by then).
  let document: unknown;
  app.get('/openapi.json', { schema: { hide: true } }, () => {
    document ??= v1Document(app.swagger() as Parameters<typeof v1Document>[0], options.publicUrl);
    return document;
  });
};
