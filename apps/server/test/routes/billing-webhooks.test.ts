import type { OrderResponse, SessionResponse } from '@switchboard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingOrders, billingProviderEvents, workspaces } from '../../src/db/schema/index.js';
import { accountFor, billingApi } from '../helpers/billing-checkout.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { startFakePayPal, type FakePayPal } from '../helpers/fake-paypal.js';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';

/** The server with Stripe and PayPal configured against local fakes of their APIs. */
function providersEnv(stripe: FakeStripe, paypal: FakePayPal): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_BASE: paypal.url,
  };
}

describe('billing webhooks and checkout through Stripe and PayPal', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let api: ReturnType<typeof billingApi>;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe(), startFakePayPal()]);
    t = await createTestApp({ PUBLIC_URL: 'https://sb.example.com', ...providersEnv(stripe, paypal) });
    api = billingApi(t.app);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe.close(), paypal.close()]);
  });

  const stripeHook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
  const paypalHook = (payload: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/paypal',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
  const orderRow = async (id: string) =>
    (await t.app.database.db.select().from(billingOrders).where(eq(billingOrders.id, id)))[0]!;
  const planOf = async (workspaceId: string) =>
    (await t.app.database.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!.planId;
  const eventsNamed = (eventId: string) =>
    t.app.database.db.select().from(billingProviderEvents).where(eq(billingProviderEvents.eventId, eventId));

  /** An anonymous visitor starts a card checkout: Stripe Checkout's session and its redirect. */
  async function startStripe(email: string) {
    const started = await api.start({ planId: 'business', months: 12, method: 'card', account: accountFor(email) });
    expect(started.statusCode, started.body).toBe(201);
    const { order, claimToken } = started.json<OrderResponse>();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
    return { order, claimToken: claimToken!, session };
  }

  it('a visitor pays through Stripe Checkout and the signed webhook creates the workspace on the plan', async () => {
    const { order, claimToken, session } = await startStripe('stripe-buyer@billing-hooks.example');
    expect(order).toMatchObject({ provider: 'stripe', status: 'pending', redirectUrl: session.url });
    expect(session).toMatchObject({ amount_total: 1_053_20, customer_email: 'stripe-buyer@billing-hooks.example' });
    const request = stripe.requests.find((r) => r.form.client_reference_id === order.id)!;
    expect(request.idempotencyKey).toBe(`checkout-${order.id}`);

    stripe.pay(session.id);
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', session.id);
    const delivered = await stripeHook(payload, signature);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });

    const read = (await api.read(order.id, undefined, claimToken)).json<OrderResponse>();
    expect(read.order.status).toBe('paid');
    const signedIn = await api.session(order.id, claimToken);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const workspaceId = signedIn.json<SessionResponse>().userData.workspaceId;
    expect(await planOf(workspaceId)).toBe('business');
    expect((await orderRow(order.id)).providerPaymentRef).toBe(stripe.sessions.get(session.id)!.payment_intent);
  });

  it('a webhook with a wrong signature is 400 and changes nothing', async () => {
    const { order, session } = await startStripe('forged@billing-hooks.example');
    stripe.pay(session.id);
    const forged = stripe.signedEvent('checkout.session.completed', session.id, { secret: 'whsec_not_the_real_one' });
    expectErrorBody(await stripeHook(forged.payload, forged.signature), 400, 'PAYMENT_WEBHOOK_INVALID');
    const real = stripe.signedEvent('checkout.session.completed', session.id);
    const tampered = real.payload.replace(order.id, '00000000-0000-4000-8000-000000000000');
    expectErrorBody(await stripeHook(tampered, real.signature), 400, 'PAYMENT_WEBHOOK_INVALID');
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await eventsNamed(forged.eventId)).toHaveLength(0);
    expect(await eventsNamed(real.eventId)).toHaveLength(0);
  });

  it('the same event delivered twice, also at once, activates the order once', async () => {
    const { order, session } = await startStripe('twice@billing-hooks.example');
    stripe.pay(session.id);
    const { payload, signature, eventId } = stripe.signedEvent('checkout.session.completed', session.id);
    const answers = await Promise.all([stripeHook(payload, signature), stripeHook(payload, signature)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await stripeHook(payload, signature)).statusCode).toBe(200);
    expect(await eventsNamed(eventId)).toHaveLength(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    const owned = await t.app.database.db.select().from(workspaces).where(eq(workspaces.id, row.workspaceId!));
    expect(owned).toHaveLength(1);
    // Another event about the same, already paid session changes nothing either.
    const again = stripe.signedEvent('checkout.session.completed', session.id);
    expect((await stripeHook(again.payload, again.signature)).statusCode).toBe(200);
    expect((await orderRow(order.id)).paidAt).toEqual(row.paidAt);
  });

  it('the browser’s return never activates a Stripe order: only the webhook does', async () => {
    const { order, claimToken, session } = await startStripe('return@billing-hooks.example');
    const early = await api.confirm(order.id, { claimToken });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json<OrderResponse>().order.status).toBe('pending');
    stripe.pay(session.id);
    // Paid at Stripe, back in the browser before the webhook: still pending.
    const returned = await api.confirm(order.id, { claimToken });
    expect(returned.json<OrderResponse>().order.status).toBe('pending');
    expect((await orderRow(order.id)).status).toBe('pending');
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', session.id);
    expect((await stripeHook(payload, signature)).statusCode).toBe(200);
    expect((await api.read(order.id, undefined, claimToken)).json<OrderResponse>().order.status).toBe('paid');
  });

  it('an expired Stripe session cancels its order', async () => {
    const { order, session } = await startStripe('expired@billing-hooks.example');
    stripe.expire(session.id);
    const { payload, signature } = stripe.signedEvent('checkout.session.expired', session.id);
    expect((await stripeHook(payload, signature)).statusCode).toBe(200);
    expect((await orderRow(order.id)).status).toBe('canceled');
  });

  it('an admin upgrades through Stripe: the webhook puts the workspace on the new plan', async () => {
    const admin = await register(t.app, 'owner@stripe-upgrade.example', 'Owner');
    const started = await api.start({ planId: 'pro', months: 1, method: 'card' }, admin);
    expect(started.statusCode, started.body).toBe(201);
    const { order } = started.json<OrderResponse>();
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === order.id)!;
    expect(session.customer_email).toBeNull();
    stripe.pay(session.id);
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', session.id);
    expect((await stripeHook(payload, signature)).statusCode).toBe(200);
    expect(await planOf(admin.userData.workspaceId)).toBe('pro');
  });

  it('a visitor pays with PayPal: approve at PayPal, the return confirms, the capture pays once', async () => {
    const started = await api.start({
      planId: 'business',
      months: 12,
      method: 'paypal',
      account: accountFor('paypal-buyer@billing-hooks.example'),
    });
    expect(started.statusCode, started.body).toBe(201);
    const { order, claimToken } = started.json<OrderResponse>();
    const paypalOrder = [...paypal.orders.values()].find((o) => o.customId === order.id)!;
    expect(order).toMatchObject({
      provider: 'paypal',
      redirectUrl: `${paypal.url}/checkoutnow?token=${paypalOrder.id}`,
    });
    expect(paypalOrder.amount).toEqual({ currency_code: 'USD', value: '1053.20' });

    const back = paypal.approve(paypalOrder.id);
    expect(back.startsWith(`https://sb.example.com/CheckOut?order=${order.id}`)).toBe(true);
    const confirmed = await api.confirm(order.id, { claimToken });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<OrderResponse>().order.status).toBe('paid');
    const signedIn = await api.session(order.id, claimToken!);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await planOf(signedIn.json<SessionResponse>().userData.workspaceId)).toBe('business');

    // A second confirm and PayPal's own event change nothing.
    expect((await api.confirm(order.id, { claimToken })).statusCode).toBe(200);
    const { payload, headers, eventId } = paypal.signedEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrder.id);
    expect((await paypalHook(payload, headers)).statusCode).toBe(200);
    expect(await eventsNamed(eventId)).toHaveLength(1);
    expect(paypal.requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.requestId)).toEqual([
      `capture-${order.id}`,
    ]);
    expect((await orderRow(order.id)).providerPaymentRef).toBe(paypalOrder.capture!.id);
  });

  it('a PayPal capture whose answer was lost is paid by PayPal’s signed event', async () => {
    const started = await api.start({
      planId: 'pro',
      months: 1,
      method: 'paypal',
      account: accountFor('paypal-lost@billing-hooks.example'),
    });
    const { order, claimToken } = started.json<OrderResponse>();
    const paypalOrder = [...paypal.orders.values()].find((o) => o.customId === order.id)!;
    paypal.approve(paypalOrder.id);
    paypal.loseNextAnswer();
    expectErrorBody(await api.confirm(order.id, { claimToken }), 502, 'PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await orderRow(order.id)).status).toBe('pending');
    const { payload, headers } = paypal.signedEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrder.id);
    expect((await paypalHook(payload, headers)).statusCode).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', providerPaymentRef: paypalOrder.capture!.id });
    expect(await planOf(row.workspaceId!)).toBe('pro');
  });

  it('a PayPal order not approved is declined with PayPal’s reason; a forged PayPal event is 400', async () => {
    const started = await api.start({
      planId: 'pro',
      months: 1,
      method: 'paypal',
      account: accountFor('paypal-cancel@billing-hooks.example'),
    });
    const { order, claimToken } = started.json<OrderResponse>();
    expectErrorBody(await api.confirm(order.id, { claimToken }), 402, 'PAYMENT_DECLINED');
    expect((await orderRow(order.id)).failureReason).toBe('The PayPal payment was not approved.');
    const paypalOrder = [...paypal.orders.values()].find((o) => o.customId === order.id)!;
    const forged = paypal.signedEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrder.id, { forged: true });
    expectErrorBody(await paypalHook(forged.payload, forged.headers), 400, 'PAYMENT_WEBHOOK_INVALID');
    expect(await eventsNamed(forged.eventId)).toHaveLength(0);
  });

  it('takes JSON only on the webhooks, and the rest of the API keeps its JSON parser', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectErrorBody(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectErrorBody(malformed, 400, 'MALFORMED_JSON');
  });
});

describe('billing webhooks without provider keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 for a provider that is not configured', async () => {
    for (const provider of ['stripe', 'paypal']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/billing/webhooks/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expectErrorBody(response, 404, 'NOT_FOUND');
    }
  });
});
