import type { OrderResponse } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOrders } from '../../src/db/schema/index.js';
import { accountFor, billingApi } from '../helpers/billing-checkout.js';
import { startFakePayPal, type FakePayPal } from '../helpers/fake-paypal.js';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('refunds through Stripe and PayPal', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let api: ReturnType<typeof billingApi>;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    t = await createTestApp({
      PUBLIC_URL: 'https://sb.example.com',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_API_BASE: paypal.url,
    });
    api = billingApi(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe.close(), paypal.close()]);
  });

  const orderRow = async (id: string) =>
    (await t.app.database.db.select().from(billingOrders).where(eq(billingOrders.id, id)))[0]!;

  /** Stripe's buyer pays on the hosted page and Stripe's signed webhook arrives. */
  async function payAtStripe(orderId: string) {
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === orderId)!;
    stripe.pay(session.id);
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', session.id);
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    return stripe.sessions.get(session.id)!.payment_intent!;
  }

  async function startAs(who: SignedIn, method: 'card' | 'paypal') {
    const started = await api.start({ planId: 'pro', months: 1, method }, who);
    expect(started.statusCode, started.body).toBe(201);
    return started.json<OrderResponse>().order;
  }

  it('refunds through Stripe a visitor’s payment whose e-mail was registered meanwhile', async () => {
    const email = 'taken-meanwhile@refunds.example';
    const started = await api.start({ planId: 'business', months: 12, method: 'card', account: accountFor(email) });
    const { order } = started.json<OrderResponse>();
    await register(t.app, email);
    const paymentIntent = await payAtStripe(order.id);
    const row = await orderRow(order.id);
    expect(row.status).toBe('refunded');
    expect(row.workspaceId).toBeNull();
    const refund = stripe.requests.find((r) => r.path === '/v1/refunds' && r.form.payment_intent === paymentIntent);
    expect(refund?.idempotencyKey).toBe(`refund-${order.id}`);
  });

  it('a cancel refunds a paid next period through Stripe', async () => {
    const admin = await register(t.app, 'owner@stripe-refunds.example', 'Owner');
    await payAtStripe((await startAs(admin, 'card')).id);
    const renewal = await startAs(admin, 'card');
    expect(renewal.kind).toBe('renewal');
    const paymentIntent = await payAtStripe(renewal.id);
    const canceled = await api.cancel(admin);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await orderRow(renewal.id)).status).toBe('refunded');
    const refund = stripe.requests.find((r) => r.path === '/v1/refunds' && r.form.payment_intent === paymentIntent);
    expect(refund?.idempotencyKey).toBe(`refund-${renewal.id}`);
  });

  it('a cancel refunds a paid next period through PayPal', async () => {
    const admin = await register(t.app, 'owner@paypal-refunds.example', 'Owner');
    const payWithPayPal = async (orderId: string) => {
      const paypalOrder = [...paypal.orders.values()].find((o) => o.customId === orderId)!;
      paypal.approve(paypalOrder.id);
      const confirmed = await api.confirm(orderId, {}, admin);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return paypalOrder.capture!.id;
    };
    await payWithPayPal((await startAs(admin, 'paypal')).id);
    const renewal = await startAs(admin, 'paypal');
    const captureId = await payWithPayPal(renewal.id);
    expect((await api.cancel(admin)).statusCode).toBe(200);
    expect((await orderRow(renewal.id)).status).toBe('refunded');
    const refund = paypal.requests.find((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(refund?.requestId).toBe(`refund-${renewal.id}`);
  });
});
