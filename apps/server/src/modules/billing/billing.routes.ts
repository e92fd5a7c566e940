import { BillingOverviewSchema, SubscriptionSchema } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../plugins/auth-guard.js';
import type { AuthRoutesOptions } from '../auth/auth-route-options.js';
import { billingCheckoutRoutes } from './billing-checkout.routes.js';

const tags = ['billing'];

/**
 * Billing (issue 16): the checkout's routes (billing-checkout.routes.ts) and the billing page's,
 * which are admins' (overview, cancel at period end, resume).
 */
export const billingRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  // Not `options` itself: it carries this plugin's prefix, which would apply twice.
  const { refreshTokenTtl, secureCookies, rateLimitPerMinute } = options;
  await app.register(billingCheckoutRoutes, { refreshTokenTtl, secureCookies, rateLimitPerMinute });
  const billing = app.services.billing;
  const admin = requireRole('admin');

  app.get(
    '/billing',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The billing page: subscription, payments, changes',
        response: { 200: BillingOverviewSchema },
      },
    },
    async (request) => billing.overview(authOf(request).workspaceId),
  );

  app.post(
    '/billing/cancel',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Cancel at the end of the paid period (a paid next period is refunded)',
        response: { 200: SubscriptionSchema },
      },
    },
    async (request) => billing.cancel(authOf(request).workspaceId, authOf(request).userId),
  );

  app.post(
    '/billing/resume',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Take a cancellation back while the period runs',
        response: { 200: SubscriptionSchema },
      },
    },
    async (request) => billing.resume(authOf(request).workspaceId, authOf(request).userId),
  );
};
