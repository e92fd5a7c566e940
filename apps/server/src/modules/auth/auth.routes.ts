import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthRoutesOptions } from './auth-route-options.js';
import { passwordsRoutes } from './passwords.routes.js';
import { sessionsRoutes } from './sessions.routes.js';
import { signUpRoutes } from './sign-up.routes.js';

export { REFRESH_LIMIT_FACTOR, type AuthRoutesOptions } from './auth-route-options.js';

/**
 * /api/auth, one plugin per use case: sign-up (sign-up.routes.ts), sessions (sessions.routes.ts:
 * login, refresh, logout, me, providers) and passwords (passwords.routes.ts: forgot, reset, unlock).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  // Not `options` itself: it carries this plugin's prefix, which the sub-plugins would add again.
  const { refreshTokenTtl, secureCookies, rateLimitPerMinute } = options;
  const shared: AuthRoutesOptions = { refreshTokenTtl, secureCookies, rateLimitPerMinute };
  await app.register(signUpRoutes, shared);
  await app.register(sessionsRoutes, shared);
  await app.register(passwordsRoutes, shared);
};
