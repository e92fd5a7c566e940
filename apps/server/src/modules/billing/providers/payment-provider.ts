import type { PaymentMethod, PaymentProviderId, TestPayment } from '@switchboard/contract';

/** What a provider is told about an order (amounts from the server's quote only). */
export interface ProviderOrder {
  id: string;
  totalCents: number;
  currency: 'USD';
  /** e.g. "Switchboard business plan, 12 months". */
  description: string;
  method: PaymentMethod;
  /** The buyer's e-mail when known (prefills the provider's page). */
  email: string | null;
}

export interface StartedPayment {
  /** Stripe Checkout session id, PayPal order id, or the test provider's own id. */
  providerRef: string;
  /** Where the browser goes to pay (Stripe Checkout, PayPal approval); null: the page shows the test form. */
  redirectUrl: string | null;
}

/** The outcome of a payment; `declined`/`failed` carry the provider's reason, shown to the buyer. */
export type PaymentOutcome =
  | { status: 'paid'; providerPaymentRef: string }
  | { status: 'pending' }
  | { status: 'declined'; reason: string }
  | { status: 'canceled'; reason: string };

/** A verified webhook event, reduced to what billing acts on. */
export interface ProviderEvent {
  /** The provider's unique event id: handled once (billing_provider_events). */
  eventId: string;
  type: string;
  /** The order's providerRef the event is about; null for events billing ignores. */
  providerRef: string | null;
  outcome: PaymentOutcome | null;
}

export interface ConfirmInput {
  /** Test provider only: the card or PayPal decision; never stored. */
  test?: TestPayment;
}

/**
 * One interface for the test provider, Stripe and PayPal (issue 16): start, confirm, refund,
 * verify webhook. Every call that charges passes the order id as the provider's idempotency key,
 * so a retry never charges twice.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Creates the provider's side of the order (session / order); no money moves yet. */
  start(order: ProviderOrder, urls: { returnUrl: string; cancelUrl: string }): Promise<StartedPayment>;
  /**
   * Test: charges the test card / applies the PayPal decision. PayPal: captures the approved order.
   * Stripe: reads the session's state (activation still waits for the signed webhook).
   */
  confirm(order: ProviderOrder & { providerRef: string }, input: ConfirmInput): Promise<PaymentOutcome>;
  /** Refunds a paid order in full; answers the provider's refund id. */
  refund(order: ProviderOrder & { providerPaymentRef: string }): Promise<{ refundRef: string }>;
  /**
   * Verifies a webhook (raw body and headers) and reads it; throws AppError
   * PAYMENT_WEBHOOK_INVALID when the signature does not verify. The test provider has none.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
  /** Origins the browser must reach for this provider (CSP); empty for redirect-only flows. */
  readonly cspOrigins: { connect: string[]; frame: string[]; script: string[]; formAction: string[] };
}
