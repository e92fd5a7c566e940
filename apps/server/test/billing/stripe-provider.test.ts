import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/modules/billing/providers/payment-provider.js';
import { createStripeProvider, stripeConnectionOf } from '../../src/modules/billing/providers/stripe-provider.js';
import { providerOrders, rejection } from '../helpers/provider-orders.js';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';

const URLS = { returnUrl: 'https://sb.example.com/CheckOut/return', cancelUrl: 'https://sb.example.com/CheckOut' };

const order = providerOrders('card', '00000000-0000-4000-8000-');

describe('Stripe provider against a local Stripe API', () => {
  let fake: FakeStripe;
  let stripe: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = createStripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('reads host, port and protocol from the API base', () => {
    expect(stripeConnectionOf('https://api.stripe.com')).toEqual({
      host: 'api.stripe.com',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnectionOf('http://127.0.0.1:4010/')).toEqual({ host: '127.0.0.1', port: 4010, protocol: 'http' });
  });

  it('starts a Checkout session for the order, with its amount, e-mail and an idempotency key', async () => {
    const o = order();
    const started = await stripe.start(o, URLS);
    const session = fake.sessions.get(started.providerRef)!;
    expect(started.redirectUrl).toBe(session.url);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout-${o.id}`,
    });
    expect(request!.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(request!.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '105320',
      'line_items[0][price_data][product_data][name]': 'Switchboard business plan, 12 months',
      customer_email: 'buyer@acme.example',
      client_reference_id: o.id,
      'metadata[orderId]': o.id,
      success_url: URLS.returnUrl,
      cancel_url: URLS.cancelUrl,
    });
  });

  it('gets the same session back when a start is retried (Stripe replays the idempotency key)', async () => {
    const o = order({ email: null });
    const first = await stripe.start(o, URLS);
    const again = await stripe.start(o, URLS);
    expect(again.providerRef).toBe(first.providerRef);
    expect(fake.sessions.size).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.idempotencyKey === `checkout-${o.id}`)).toBe(true);
    expect(fake.requests[0]!.form.customer_email).toBeUndefined();
  });

  it('confirms as pending, also once the buyer paid: only the signed webhook activates', async () => {
    const o = order();
    const { providerRef } = await stripe.start(o, URLS);
    expect(await stripe.confirm({ ...o, providerRef }, {})).toEqual({ status: 'pending' });
    fake.pay(providerRef);
    expect(await stripe.confirm({ ...o, providerRef }, {})).toEqual({ status: 'pending' });
    expect(fake.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      `/v1/checkout/sessions/${providerRef}`,
      `/v1/checkout/sessions/${providerRef}`,
    ]);
  });

  it('confirms an expired session as canceled', async () => {
    const o = order();
    const { providerRef } = await stripe.start(o, URLS);
    fake.expire(providerRef);
    expect(await stripe.confirm({ ...o, providerRef }, {})).toMatchObject({ status: 'canceled' });
  });

  it('refunds the PaymentIntent in full with an idempotency key', async () => {
    const o = order();
    const { providerRef } = await stripe.start(o, URLS);
    const paymentIntent = fake.pay(providerRef).payment_intent!;
    const { refundRef } = await stripe.refund({ ...o, providerPaymentRef: paymentIntent });
    expect(refundRef).toMatch(/^re_/);
    const request = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(request.form.payment_intent).toBe(paymentIntent);
    expect(request.idempotencyKey).toBe(`refund-${o.id}`);
  });

  it('answers PAYMENT_PROVIDER_UNAVAILABLE when Stripe fails, and PAYMENT_DECLINED with its message for a card error', async () => {
    fake.failNext(1, { status: 500, type: 'api_error', message: 'Something went wrong on our end.' });
    const down = await rejection(stripe.start(order(), URLS));
    expect(down).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 502 });
    fake.failNext(1, { status: 402, type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    const declined = await rejection(stripe.start(order(), URLS));
    expect(declined).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
  });

  it('answers PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached', async () => {
    const unreachable = createStripeProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: 'http://127.0.0.1:9',
    });
    const error = await rejection(unreachable.start(order(), URLS));
    expect(error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  describe('webhooks', () => {
    it('reads a signed checkout.session.completed of a paid session as paid', async () => {
      const o = order();
      const { providerRef } = await stripe.start(o, URLS);
      const paymentIntent = fake.pay(providerRef).payment_intent!;
      const { payload, signature, eventId } = fake.signedEvent('checkout.session.completed', providerRef);
      const event = await stripe.verifyWebhook(Buffer.from(payload), { 'stripe-signature': signature });
      expect(event).toEqual({
        eventId,
        type: 'checkout.session.completed',
        providerRef,
        outcome: { status: 'paid', providerPaymentRef: paymentIntent },
      });
    });

    it('reads failed and expired sessions as declined and canceled, and other events as nothing to do', async () => {
      const { providerRef } = await stripe.start(order(), URLS);
      const read = async (type: string) => {
        const { payload, signature } = fake.signedEvent(type, providerRef);
        return stripe.verifyWebhook(Buffer.from(payload), { 'stripe-signature': signature });
      };
      // Completed but not yet paid (a delayed method): wait for async_payment_succeeded.
      expect(await read('checkout.session.completed')).toMatchObject({ providerRef, outcome: null });
      expect(await read('checkout.session.async_payment_failed')).toMatchObject({
        providerRef,
        outcome: { status: 'declined' },
      });
      expect(await read('checkout.session.expired')).toMatchObject({ providerRef, outcome: { status: 'canceled' } });
      // A delayed method (bank debit) that cleared later.
      const paymentIntent = fake.pay(providerRef).payment_intent;
      expect(await read('checkout.session.async_payment_succeeded')).toMatchObject({
        providerRef,
        outcome: { status: 'paid', providerPaymentRef: paymentIntent },
      });
      expect(await read('customer.created')).toMatchObject({ providerRef: null, outcome: null });
    });

    it('rejects a wrong secret, a changed body and a missing header with PAYMENT_WEBHOOK_INVALID', async () => {
      const { providerRef } = await stripe.start(order(), URLS);
      fake.pay(providerRef);
      const forged = fake.signedEvent('checkout.session.completed', providerRef, { secret: 'whsec_not_ours' });
      const bad = await rejection(
        stripe.verifyWebhook(Buffer.from(forged.payload), { 'stripe-signature': forged.signature }),
      );
      expect(bad).toMatchObject({ code: 'PAYMENT_WEBHOOK_INVALID', statusCode: 400 });
      const real = fake.signedEvent('checkout.session.completed', providerRef);
      const changed = real.payload.replace('"paid"', '"unpaid"');
      const tampered = await rejection(
        stripe.verifyWebhook(Buffer.from(changed), { 'stripe-signature': real.signature }),
      );
      expect(tampered.code).toBe('PAYMENT_WEBHOOK_INVALID');
      const missing = await rejection(stripe.verifyWebhook(Buffer.from(real.payload), {}));
      expect(missing.code).toBe('PAYMENT_WEBHOOK_INVALID');
    });
  });
});
