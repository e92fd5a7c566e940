import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountRoutesOptions } from './account-options.js';
import { accountProfileRoutes } from './account-profile.routes.js';
import { accountSecurityRoutes } from './account-security.routes.js';
import { IMAGE_UPLOAD_LIMITS } from './image-upload.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { workspaceProfileRoutes } from './workspace-profile.routes.js';

/**
 * Account settings under /api: the own account (account-profile.routes.ts: record, profile,
 * avatar; account-security.routes.ts: e-mail, password, sessions; two-factor.routes.ts) and the workspace's
 * profile (workspace-profile.routes.ts).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  // Multipart bodies (the avatar and the logo) are parsed within this plugin only.
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  const own = { rateLimitPerMinute: options.rateLimitPerMinute }; // not the prefix: it is this plugin's already
  await app.register(accountProfileRoutes, own);
  await app.register(accountSecurityRoutes, own);
  await app.register(twoFactorRoutes, own);
  await app.register(workspaceProfileRoutes, own);
};
