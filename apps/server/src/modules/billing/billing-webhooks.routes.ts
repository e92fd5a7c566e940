import type { PaymentProviderId } from '@switchboard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { PaymentProviders } from './providers/index.js';

/** Far above any Stripe or PayPal event (a Checkout Session event is a few kB). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const WEBHOOKS: Array<{ id: Exclude<PaymentProviderId, 'test'>; name: string }> = [
  { id: 'stripe', name: 'Stripe' },
  { id: 'paypal', name: 'PayPal' },
];

/**
 * Where Stripe and PayPal post their events (`POST /billing/webhooks/stripe|paypal`). Encapsulated
 * with its own body parser: the signatures cover the exact bytes sent, so JSON stays a raw Buffer
 * here while the rest of the API keeps its JSON parser. A verified event is handed to billing,
 * which handles each event id once; a bad signature is a 400 and changes nothing; a provider
 * without keys has no webhook (404). Any failure after verification answers 5xx, so the provider
 * delivers again.
 */
export const billingWebhooksRoutes: FastifyPluginAsyncZod<{ providers: PaymentProviders }> = async (
  app,
  { providers },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  for (const { id, name } of WEBHOOKS) {
    app.post(
      `/billing/webhooks/${id}`,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: `${name}'s signed payment events`,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const provider = [providers.card, providers.paypal].find((p) => p.id === id);
        if (!provider) throw new AppError('NOT_FOUND', `${name} payments are not configured.`);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = await provider.verifyWebhook(body, request.headers);
        await app.services.billing.handleProviderEvent(id, event);
        return { received: true as const };
      },
    );
  }
};
