import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRoutesOptions } from '../auth/auth-route-options.js';
import { invitationsRoutes } from './invitations.routes.js';
import { teamUsersRoutes } from './team-users.routes.js';

/** The team under /api: user management (team-users.routes.ts) and invitations (invitations.routes.ts). */
export const teamRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  // Not `options` itself: it carries this plugin's prefix, which the sub-plugins would add again.
  const { refreshTokenTtl, secureCookies, rateLimitPerMinute } = options;
  await app.register(teamUsersRoutes);
  await app.register(invitationsRoutes, { refreshTokenTtl, secureCookies, rateLimitPerMinute });
};
