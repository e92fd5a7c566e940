import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig } from '../../../config/config.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPayPalProvider } from './paypal-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** The payment provider of each method. */
export interface PaymentProviders {
  card: PaymentProvider;
  paypal: PaymentProvider;
}

/** What a page needs the browser to reach beyond our own origin, per CSP directive. */
export type CspSources = PaymentProvider['cspOrigins'];

/**
 * Stripe takes card payments when its keys are set, PayPal takes PayPal payments when its keys
 * are set; a method without its provider's keys stays on the offline test provider. The two are
 * independent: Stripe for cards with the test PayPal button is a valid (staging) setup.
 */
export function createPaymentProviders(
  billing: Pick<BillingConfig, 'stripe' | 'paypal'>,
  deps: { testProvider: PaymentProvider; log?: Pick<FastifyBaseLogger, 'warn'> },
): PaymentProviders {
  return {
    card: billing.stripe ? createStripeProvider(billing.stripe, { log: deps.log }) : deps.testProvider,
    paypal: billing.paypal ? createPayPalProvider(billing.paypal, { log: deps.log }) : deps.testProvider,
  };
}

/**
 * The CSP additions the configured providers need, each origin once. Stripe Checkout and PayPal's
 * approval page are full-page redirects (our page assigns `location` after the server created the
 * session), which no CSP directive governs, so today every list is empty: no provider script,
 * frame or connection is allowed that no page uses. An embedded flow (Stripe Elements, PayPal's
 * JS SDK) would add its origins through its provider's `cspOrigins`.
 */
export function cspFor(providers: PaymentProviders): CspSources {
  const all = [providers.card.cspOrigins, providers.paypal.cspOrigins];
  const union = (pick: (o: CspSources) => string[]) => [...new Set(all.flatMap(pick))];
  return {
    connect: union((o) => o.connect),
    frame: union((o) => o.frame),
    script: union((o) => o.script),
    formAction: union((o) => o.formAction),
  };
}
