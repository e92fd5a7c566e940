import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../src/modules/billing/providers/payment-provider.js';
import { paypalAmount } from '../../src/modules/billing/providers/paypal-api.js';
import { createPayPalProvider } from '../../src/modules/billing/providers/paypal-provider.js';
import { providerOrders, rejection } from '../helpers/provider-orders.js';
import { startFakePayPal, type FakePayPal } from '../helpers/fake-paypal.js';

const URLS = {
  returnUrl: 'https://sb.example.com/CheckOut/return?order=1',
  cancelUrl: 'https://sb.example.com/CheckOut',
};

const order = providerOrders('paypal', '00000000-0000-4000-9000-');

describe('PayPal provider against a local PayPal API', () => {
  let fake: FakePayPal;
  let paypal: PaymentProvider;
  const settings = () => ({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    apiBase: fake.url,
  });

  beforeAll(async () => {
    fake = await startFakePayPal();
    paypal = createPayPalProvider(settings());
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('writes amounts in dollars with two decimals, without floating point', () => {
    expect(paypalAmount(105_320)).toBe('1053.20');
    expect(paypalAmount(5)).toBe('0.05');
    expect(paypalAmount(1_900)).toBe('19.00');
  });

  it('creates an order to capture, with the order id as custom_id and PayPal-Request-Id', async () => {
    const o = order();
    const started = await paypal.start(o, URLS);
    expect(started.redirectUrl).toBe(`${fake.url}/checkoutnow?token=${started.providerRef}`);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/checkout/orders', requestId: o.id });
    expect(request!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { custom_id: o.id, description: o.description, amount: { currency_code: 'USD', value: '1053.20' } },
      ],
      payment_source: {
        paypal: {
          email_address: 'buyer@acme.example',
          experience_context: { return_url: URLS.returnUrl, cancel_url: URLS.cancelUrl },
        },
      },
    });
  });

  it('gets the same PayPal order when a start is retried', async () => {
    const o = order();
    const first = await paypal.start(o, URLS);
    const again = await paypal.start(o, URLS);
    expect(again.providerRef).toBe(first.providerRef);
  });

  it('captures an approved order once, however often confirm is called', async () => {
    const o = order();
    const { providerRef } = await paypal.start(o, URLS);
    fake.approve(providerRef);
    const first = await paypal.confirm({ ...o, providerRef }, {});
    const captureId = fake.orders.get(providerRef)!.capture!.id;
    expect(first).toEqual({ status: 'paid', providerPaymentRef: captureId });
    expect(await paypal.confirm({ ...o, providerRef }, {})).toEqual(first);
    const captures = fake.requests.filter((r) => r.path.endsWith('/capture'));
    expect(captures.map((r) => r.requestId)).toEqual([`capture-${o.id}`, `capture-${o.id}`]);
  });

  it('reads the capture an earlier attempt made when PayPal says the order is already captured', async () => {
    const o = order();
    const { providerRef } = await paypal.start(o, URLS);
    fake.approve(providerRef);
    const first = await paypal.confirm({ ...o, providerRef }, {});
    // Another process's capture under another request id: PayPal answers ORDER_ALREADY_CAPTURED.
    const other = createPayPalProvider(settings());
    expect(await other.confirm({ ...o, id: `${o.id.slice(0, -1)}f`, providerRef }, {})).toEqual(first);
  });

  it('declines an order the buyer did not approve, and a declined instrument with PayPal’s words', async () => {
    const o = order();
    const { providerRef } = await paypal.start(o, URLS);
    expect(await paypal.confirm({ ...o, providerRef }, {})).toEqual({
      status: 'declined',
      reason: 'The PayPal payment was not approved.',
    });
    const d = order();
    const declined = await paypal.start(d, URLS);
    fake.approve(declined.providerRef);
    fake.declineNextCapture();
    const outcome = await paypal.confirm({ ...d, providerRef: declined.providerRef }, {});
    expect(outcome).toMatchObject({ status: 'declined', reason: expect.stringContaining('declined by the processor') });
  });

  it('refunds a capture with a PayPal-Request-Id', async () => {
    const o = order();
    const { providerRef } = await paypal.start(o, URLS);
    fake.approve(providerRef);
    const paid = await paypal.confirm({ ...o, providerRef }, {});
    const captureId = paid.status === 'paid' ? paid.providerPaymentRef : '';
    const { refundRef } = await paypal.refund({ ...o, providerPaymentRef: captureId });
    expect(refundRef).toBeTruthy();
    const request = fake.requests.find((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!;
    expect(request.requestId).toBe(`refund-${o.id}`);
  });

  it('keeps its token until PayPal stops taking it, then fetches a new one', async () => {
    const before = fake.tokenRequests();
    await paypal.start(order(), URLS);
    await paypal.start(order(), URLS);
    expect(fake.tokenRequests()).toBe(before);
    fake.expireTokens();
    await paypal.start(order(), URLS);
    expect(fake.tokenRequests()).toBe(before + 1);
  });

  it('answers PAYMENT_PROVIDER_UNAVAILABLE when PayPal fails or wrong credentials are set', async () => {
    fake.failNext(1, { status: 503, name: 'SERVICE_UNAVAILABLE' });
    const down = await rejection(paypal.start(order(), URLS));
    expect(down).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 502 });
    const wrong = createPayPalProvider({ ...settings(), clientSecret: 'not-the-secret' });
    expect((await rejection(wrong.start(order(), URLS))).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  describe('webhooks', () => {
    async function paidOrder() {
      const o = order();
      const { providerRef } = await paypal.start(o, URLS);
      fake.approve(providerRef);
      await paypal.confirm({ ...o, providerRef }, {});
      return providerRef;
    }

    it('verifies an event through PayPal and reads a completed capture as paid', async () => {
      const providerRef = await paidOrder();
      const { payload, headers, eventId } = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
      const event = await paypal.verifyWebhook(Buffer.from(payload), headers);
      expect(event).toEqual({
        eventId,
        type: 'PAYMENT.CAPTURE.COMPLETED',
        providerRef,
        outcome: { status: 'paid', providerPaymentRef: fake.orders.get(providerRef)!.capture!.id },
      });
      const verification = fake.requests.find((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
      expect(verification.body).toMatchObject({ webhook_id: fake.webhookId, webhook_event: JSON.parse(payload) });
    });

    it('reads a denied capture as declined and an approved order as nothing to do', async () => {
      const providerRef = await paidOrder();
      const read = async (type: string) => {
        const { payload, headers } = fake.signedEvent(type, providerRef);
        return paypal.verifyWebhook(Buffer.from(payload), headers);
      };
      expect(await read('PAYMENT.CAPTURE.DENIED')).toMatchObject({ providerRef, outcome: { status: 'declined' } });
      expect(await read('CHECKOUT.ORDER.APPROVED')).toMatchObject({ providerRef: null, outcome: null });
    });

    it('answers PAYMENT_PROVIDER_UNAVAILABLE when PayPal cannot verify now (PayPal delivers again)', async () => {
      const providerRef = await paidOrder();
      const { payload, headers } = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
      fake.failNext(1, { status: 503, name: 'SERVICE_UNAVAILABLE' });
      const error = await rejection(paypal.verifyWebhook(Buffer.from(payload), headers));
      expect(error).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', statusCode: 502 });
    });

    it('rejects a forged signature, a changed body, missing headers and an unset webhook id', async () => {
      const providerRef = await paidOrder();
      const forged = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', providerRef, { forged: true });
      const bad = await rejection(paypal.verifyWebhook(Buffer.from(forged.payload), forged.headers));
      expect(bad).toMatchObject({ code: 'PAYMENT_WEBHOOK_INVALID', statusCode: 400 });
      const real = fake.signedEvent('PAYMENT.CAPTURE.COMPLETED', providerRef);
      const changed = real.payload.replace('"COMPLETED"', '"PENDING"');
      expect((await rejection(paypal.verifyWebhook(Buffer.from(changed), real.headers))).code).toBe(
        'PAYMENT_WEBHOOK_INVALID',
      );
      const { 'paypal-transmission-sig': _dropped, ...unsigned } = real.headers;
      expect((await rejection(paypal.verifyWebhook(Buffer.from(real.payload), unsigned))).code).toBe(
        'PAYMENT_WEBHOOK_INVALID',
      );
      expect((await rejection(paypal.verifyWebhook(Buffer.from('not json'), real.headers))).code).toBe(
        'PAYMENT_WEBHOOK_INVALID',
      );
      const noWebhookId = createPayPalProvider({ ...settings(), webhookId: null });
      expect((await rejection(noWebhookId.verifyWebhook(Buffer.from(real.payload), real.headers))).code).toBe(
        'PAYMENT_WEBHOOK_INVALID',
      );
    });
  });
});
