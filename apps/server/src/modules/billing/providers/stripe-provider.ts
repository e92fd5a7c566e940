import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { BillingConfig } from '../../../config/config.js';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentOutcome, PaymentProvider, ProviderEvent } from './payment-provider.js';

export type StripeSettings = NonNullable<BillingConfig['stripe']>;

const UNAVAILABLE = 'The card payment service is not available right now. Try again in a few minutes.';

/** `https://api.stripe.com` or a sandbox/fake base → the client's host, port and protocol options. */
export function stripeConnectionOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A session's PaymentIntent id (the package types it as an id or an expanded object). */
function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

function paidOutcome(session: Stripe.Checkout.Session): PaymentOutcome {
  // A paid session always has its PaymentIntent; the session id is a stable fallback reference.
  return { status: 'paid', providerPaymentRef: paymentIntentOf(session) ?? session.id };
}

/** A webhook event reduced to what billing acts on (ProviderEvent). */
function eventOf(event: Stripe.Event): ProviderEvent {
  const base = { eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A completed session with a delayed method (bank debit) is `unpaid` until async_payment_succeeded.
      return session.payment_status === 'paid'
        ? { ...base, providerRef: session.id, outcome: paidOutcome(session) }
        : { ...base, providerRef: session.id, outcome: null };
    }
    case 'checkout.session.async_payment_failed':
      return {
        ...base,
        providerRef: event.data.object.id,
        outcome: { status: 'declined', reason: 'The payment failed.' },
      };
    case 'checkout.session.expired':
      return {
        ...base,
        providerRef: event.data.object.id,
        outcome: { status: 'canceled', reason: 'The Stripe checkout session expired.' },
      };
    default:
      return { ...base, providerRef: null, outcome: null };
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Stripe Checkout (the hosted page) through the official package: card data never reaches us.
 * `start` creates the session (idempotency key per order, so a retried start returns the same
 * session), `confirm` only reads its state and never answers paid — an order is activated from the
 * signed `checkout.session.completed` webhook alone, never from the browser's return — and `refund`
 * refunds the session's PaymentIntent in full.
 */
export function createStripeProvider(
  settings: StripeSettings,
  options: { log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...stripeConnectionOf(settings.apiBase),
    // Safe: every charging call carries an idempotency key, so a retried request is replayed, not repeated.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Switchboard' },
  });

  /** Card errors are the buyer's (Stripe's message is meant for them); anything else is ours or Stripe's. */
  function failure(error: unknown, action: string): AppError {
    if (error instanceof Stripe.errors.StripeCardError) return new AppError('PAYMENT_DECLINED', error.message);
    options.log?.warn({ err: error }, `Stripe: ${action} failed`);
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', UNAVAILABLE);
  }

  return {
    id: 'stripe',
    // Redirect to checkout.stripe.com and back: no script, frame or connection from our pages.
    cspOrigins: { connect: [], frame: [], script: [], formAction: [] },

    async start(order, urls) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: order.totalCents,
                  product_data: { name: order.description },
                },
              },
            ],
            ...(order.email ? { customer_email: order.email } : {}),
            client_reference_id: order.id,
            metadata: { orderId: order.id },
            payment_intent_data: { metadata: { orderId: order.id } },
            success_url: urls.returnUrl,
            cancel_url: urls.cancelUrl,
          },
          { idempotencyKey: `checkout-${order.id}` },
        );
      } catch (error) {
        throw failure(error, 'creating a checkout session');
      }
      if (!session.url) throw failure(new Error(`session ${session.id} has no url`), 'creating a checkout session');
      return { providerRef: session.id, redirectUrl: session.url };
    },

    async confirm(order) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(order.providerRef);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { status: 'declined', reason: error.message };
        throw failure(error, 'reading a checkout session');
      }
      if (session.status === 'expired') return { status: 'canceled', reason: 'The Stripe checkout session expired.' };
      // Even a paid session stays pending here: the browser's return (which calls confirm) never
      // activates a Stripe order (issue 16); the signed checkout.session.completed does, and the
      // return page polls the order until it has.
      return { status: 'pending' };
    },

    async refund(order) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: order.providerPaymentRef, metadata: { orderId: order.id } },
          { idempotencyKey: `refund-${order.id}` },
        );
        return { refundRef: refund.id };
      } catch (error) {
        throw failure(error, 'refunding');
      }
    },

    async verifyWebhook(rawBody, headers) {
      const signature = headerValue(headers['stripe-signature']);
      if (!signature) throw new AppError('PAYMENT_WEBHOOK_INVALID', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch {
        throw new AppError('PAYMENT_WEBHOOK_INVALID', 'The Stripe webhook signature is not valid.');
      }
      return eventOf(event);
    },
  };
}
