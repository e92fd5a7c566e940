import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cspFor, createPaymentProviders } from '../../src/modules/billing/providers/index.js';
import type { PaymentProvider } from '../../src/modules/billing/providers/payment-provider.js';
import { securityHeadersPlugin } from '../../src/plugins/security-headers.js';
import { cspOf } from '../helpers/csp.js';

const NONE = { connect: [], frame: [], script: [], formAction: [] };

function provider(id: PaymentProvider['id'], cspOrigins: PaymentProvider['cspOrigins'] = NONE): PaymentProvider {
  const unused = () => Promise.reject(new Error('not in this test'));
  return { id, cspOrigins, start: unused, confirm: unused, refund: unused, verifyWebhook: unused };
}

const STRIPE = { secretKey: 'sk_test_12345678', webhookSecret: 'whsec_12345678', apiBase: 'https://api.stripe.com' };
const PAYPAL = {
  clientId: 'client-id',
  clientSecret: 'client-secret',
  webhookId: 'WH-1',
  apiBase: 'https://api-m.sandbox.paypal.com',
};

describe('payment provider selection', () => {
  const testProvider = provider('test');

  it('keeps both methods on the test provider without keys', () => {
    const providers = createPaymentProviders({ stripe: null, paypal: null }, { testProvider });
    expect(providers.card).toBe(testProvider);
    expect(providers.paypal).toBe(testProvider);
  });

  it('takes cards through Stripe and PayPal through PayPal, each when its keys are set', () => {
    const stripeOnly = createPaymentProviders({ stripe: STRIPE, paypal: null }, { testProvider });
    expect([stripeOnly.card.id, stripeOnly.paypal.id]).toEqual(['stripe', 'test']);
    const paypalOnly = createPaymentProviders({ stripe: null, paypal: PAYPAL }, { testProvider });
    expect([paypalOnly.card.id, paypalOnly.paypal.id]).toEqual(['test', 'paypal']);
    const both = createPaymentProviders({ stripe: STRIPE, paypal: PAYPAL }, { testProvider });
    expect([both.card.id, both.paypal.id]).toEqual(['stripe', 'paypal']);
  });

  it('needs no CSP origins for the redirect flows of Stripe Checkout and PayPal', () => {
    const both = createPaymentProviders({ stripe: STRIPE, paypal: PAYPAL }, { testProvider });
    expect(cspFor(both)).toEqual(NONE);
  });

  it('joins the origins of an embedded provider, each once', () => {
    const embedded = { ...NONE, script: ['https://js.example'], frame: ['https://js.example'] };
    const providers = {
      card: provider('stripe', embedded),
      paypal: provider('paypal', { ...embedded, connect: ['https://api.example'] }),
    };
    expect(cspFor(providers)).toEqual({ ...embedded, connect: ['https://api.example'] });
  });
});

describe('security headers with payment origins', () => {
  async function cspWith(payments?: PaymentProvider['cspOrigins']) {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { https: false, payments });
    app.get('/', () => 'ok');
    const csp = cspOf(await app.inject({ method: 'GET', url: '/' }));
    await app.close();
    return csp;
  }

  it('adds nothing for the redirect flows', async () => {
    expect(await cspWith(NONE)).toEqual(await cspWith());
    expect((await cspWith(NONE)).get('connect-src')).toBe("'self'");
    expect((await cspWith(NONE)).has('frame-src')).toBe(false);
  });

  it('adds exactly the origins a provider names', async () => {
    const csp = await cspWith({
      connect: ['https://api.example'],
      frame: ['https://js.example'],
      script: ['https://js.example'],
      formAction: ['https://pay.example'],
    });
    expect(csp.get('script-src')).toBe("'self' https://js.example");
    expect(csp.get('connect-src')).toBe("'self' https://api.example");
    expect(csp.get('frame-src')).toBe("'self' https://js.example");
    expect(csp.get('form-action')).toBe("'self' https://pay.example");
    expect(csp.get('default-src')).toBe("'self'");
  });
});
