import {
  ClaimSessionBodySchema,
  ConfirmCheckoutBodySchema,
  OrderQuerySchema,
  OrderResponseSchema,
  PricesResponseSchema,
  QuoteQuerySchema,
  QuoteSchema,
  SessionResponseSchema,
  StartCheckoutBodySchema,
} from '@switchboard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, optionalRole } from '../../plugins/auth-guard.js';
import { credentialRateLimit, setSessionCookie, type AuthRoutesOptions } from '../auth/auth-route-options.js';
import type { BillingCaller } from './billing.service.js';

const tags = ['billing'];
const OrderParamsSchema = z.object({ id: z.string().max(100) });

/** The signed-in admin (optional-auth routes), or null for an anonymous visitor. */
const callerOf = (request: FastifyRequest): BillingCaller | null =>
  request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;

/**
 * Prices, quotes and checkout: open to visitors (a purchase without an account signs up) and to
 * admins (their workspace); editors get 403. Options: the auth routes' (the rate limit of
 * anonymous starts, the refresh cookie of a paid visitor's session).
 */
export const billingCheckoutRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const billing = app.services.billing;
  const adminOrVisitor = optionalRole('admin');
  // Anonymous starts create accounts-to-be: limited per IP like register; admins' are not.
  const anonymousLimit = credentialRateLimit(options);
  const startLimit = { rateLimit: { ...anonymousLimit.rateLimit, allowList: (r: FastifyRequest) => !!bearerToken(r) } };

  app.get(
    '/billing/prices',
    {
      schema: {
        tags,
        summary: 'Every plan at every billing period (computed on the server)',
        response: { 200: PricesResponseSchema },
      },
    },
    async () => billing.prices(),
  );

  app.get(
    '/billing/quote',
    {
      onRequest: adminOrVisitor,
      schema: {
        tags,
        summary: 'The order summary of a plan and period: for a new account, or the admin’s workspace',
        querystring: QuoteQuerySchema,
        response: { 200: QuoteSchema },
      },
    },
    async (request) => billing.quote(request.query.plan, request.query.period, request.auth?.workspaceId ?? null),
  );

  app.post(
    '/billing/checkout',
    {
      onRequest: adminOrVisitor,
      config: startLimit,
      schema: {
        tags,
        summary: 'Start an order (the same idempotency key answers the same order)',
        body: StartCheckoutBodySchema,
        response: { 200: OrderResponseSchema, 201: OrderResponseSchema },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await billing.startCheckout(request.body, callerOf(request));
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/billing/checkout/:id',
    {
      onRequest: adminOrVisitor,
      schema: {
        tags,
        summary: 'An order (its workspace’s admins, or the browser holding its claim token)',
        params: OrderParamsSchema,
        querystring: OrderQuerySchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) =>
      billing.order(request.params.id, { caller: callerOf(request), claimToken: request.query.claimToken }),
  );

  app.post(
    '/billing/checkout/:id/confirm',
    {
      onRequest: adminOrVisitor,
      schema: {
        tags,
        summary: 'Pay the order (test provider: the test card or PayPal decision; PayPal: capture)',
        params: OrderParamsSchema,
        body: ConfirmCheckoutBodySchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => billing.confirm(request.params.id, request.body, callerOf(request)),
  );

  app.post(
    '/billing/checkout/:id/session',
    {
      config: anonymousLimit,
      schema: {
        tags,
        summary: 'Sign the new admin of a paid anonymous order in (once)',
        params: OrderParamsSchema,
        body: ClaimSessionBodySchema,
        response: { 200: SessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await billing.claimSession(
        request.params.id,
        request.body.claimToken,
        request.headers['user-agent'],
      );
      setSessionCookie(reply, session, options);
      return { userData: session.userData, accessToken: session.accessToken };
    },
  );
};
