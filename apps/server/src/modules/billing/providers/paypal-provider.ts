import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentOutcome, PaymentProvider, ProviderEvent, ProviderOrder } from './payment-provider.js';
import { createPayPalApi, PayPalApiError, paypalAmount, type PayPalSettings } from './paypal-api.js';

const UNAVAILABLE = 'The PayPal service is not available right now. Try again in a few minutes.';
const NOT_APPROVED = 'The PayPal payment was not approved.';
const DECLINED = 'The PayPal payment was declined.';
/** PayPal's limit on purchase_units[].description. */
const DESCRIPTION_MAX = 127;

interface PayPalCapture {
  id: string;
  status: string;
}

interface PayPalOrder {
  id: string;
  status: string;
  links?: Array<{ rel: string; href: string }>;
  purchase_units?: Array<{ payments?: { captures?: PayPalCapture[] } }>;
}

/** The capture of an order (one purchase unit, one capture: intent CAPTURE of one amount). */
const captureOf = (order: PayPalOrder): PayPalCapture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];

function outcomeOf(order: PayPalOrder): PaymentOutcome {
  const capture = captureOf(order);
  if (capture?.status === 'COMPLETED') return { status: 'paid', providerPaymentRef: capture.id };
  // PENDING (an eCheck, a review): PAYMENT.CAPTURE.COMPLETED tells billing when it clears.
  if (capture?.status === 'PENDING') return { status: 'pending' };
  return { status: 'declined', reason: DECLINED };
}

/** The webhook transmission headers PayPal's verification API needs (lower-case, as Node gives them). */
const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

interface PayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } };
}

function eventOf(event: PayPalEvent): ProviderEvent {
  const base = { eventId: String(event.id), type: String(event.event_type) };
  const orderId = event.resource?.supplementary_data?.related_ids?.order_id;
  const captureId = event.resource?.id;
  // A capture event names its order (our providerRef); without it there is nothing to act on.
  if (!orderId || !captureId) return { ...base, providerRef: null, outcome: null };
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { ...base, providerRef: orderId, outcome: { status: 'paid', providerPaymentRef: captureId } };
    case 'PAYMENT.CAPTURE.DENIED':
      return { ...base, providerRef: orderId, outcome: { status: 'declined', reason: DECLINED } };
    default:
      // CHECKOUT.ORDER.APPROVED among them: the buyer's return to our page confirms (captures) the order.
      return { ...base, providerRef: null, outcome: null };
  }
}

/**
 * PayPal Orders v2 over its REST API (no official SDK lets the base URL be set, nor verifies
 * webhooks): create (intent CAPTURE) → the buyer approves at PayPal → confirm captures. Every
 * call that moves money carries a PayPal-Request-Id derived from our order id, so a retry is
 * answered with the first result instead of a second charge.
 */
export function createPayPalProvider(
  settings: PayPalSettings,
  options: { log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): PaymentProvider {
  const api = createPayPalApi(settings);

  function unavailable(error: unknown, action: string): AppError {
    options.log?.warn({ err: error }, `PayPal: ${action} failed`);
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', UNAVAILABLE);
  }

  async function capture(order: ProviderOrder & { providerRef: string }): Promise<PaymentOutcome> {
    const path = `/v2/checkout/orders/${encodeURIComponent(order.providerRef)}`;
    try {
      return outcomeOf(await api.request<PayPalOrder>('POST', `${path}/capture`, { requestId: `capture-${order.id}` }));
    } catch (error) {
      if (!(error instanceof PayPalApiError) || error.status !== 422) throw unavailable(error, 'capturing an order');
      if (error.issue === 'ORDER_NOT_APPROVED') return { status: 'declined', reason: NOT_APPROVED };
      // Captured by an earlier attempt whose answer was lost: read the capture it made.
      if (error.issue === 'ORDER_ALREADY_CAPTURED') return outcomeOf(await api.request<PayPalOrder>('GET', path));
      // INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED…: PayPal's own words for the buyer.
      return { status: 'declined', reason: error.message };
    }
  }

  return {
    id: 'paypal',
    // A redirect to PayPal and back: no script, frame or connection from our pages.
    cspOrigins: { connect: [], frame: [], script: [], formAction: [] },

    async start(order, urls) {
      let created: PayPalOrder;
      try {
        created = await api.request<PayPalOrder>('POST', '/v2/checkout/orders', {
          requestId: order.id,
          body: {
            intent: 'CAPTURE',
            purchase_units: [
              {
                reference_id: order.id,
                custom_id: order.id,
                description: order.description.slice(0, DESCRIPTION_MAX),
                amount: { currency_code: order.currency, value: paypalAmount(order.totalCents) },
              },
            ],
            payment_source: {
              paypal: {
                ...(order.email ? { email_address: order.email } : {}),
                experience_context: {
                  brand_name: 'Switchboard',
                  shipping_preference: 'NO_SHIPPING',
                  user_action: 'PAY_NOW',
                  return_url: urls.returnUrl,
                  cancel_url: urls.cancelUrl,
                },
              },
            },
          },
        });
      } catch (error) {
        throw unavailable(error, 'creating an order');
      }
      // `payer-action` with payment_source.paypal; `approve` with the older application_context.
      const link = created.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (!link) throw unavailable(new Error(`order ${created.id} has no approval link`), 'creating an order');
      return { providerRef: created.id, redirectUrl: link.href };
    },

    confirm: (order) => capture(order),

    async refund(order) {
      try {
        const path = `/v2/payments/captures/${encodeURIComponent(order.providerPaymentRef)}/refund`;
        const refund = await api.request<{ id: string }>('POST', path, { requestId: `refund-${order.id}` });
        return { refundRef: refund.id };
      } catch (error) {
        throw unavailable(error, 'refunding a capture');
      }
    },

    async verifyWebhook(rawBody, headers) {
      const invalid = new AppError('PAYMENT_WEBHOOK_INVALID', 'The PayPal webhook signature is not valid.');
      if (!settings.webhookId) {
        options.log?.warn('PayPal: a webhook arrived but PAYPAL_WEBHOOK_ID is not set, so it cannot be verified');
        throw invalid;
      }
      let event: PayPalEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as PayPalEvent;
      } catch {
        throw invalid;
      }
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string') throw invalid;
      const transmission: Record<string, string> = {};
      for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
        const value = headers[header];
        if (typeof value !== 'string' || value === '') throw invalid;
        transmission[field] = value;
      }
      // The event goes back byte for byte: PayPal checks the signature over what it sent, and a
      // re-serialised copy (number formats, escapes) may not match.
      const prefix = JSON.stringify({ ...transmission, webhook_id: settings.webhookId }).slice(0, -1);
      const body = `${prefix},"webhook_event":${rawBody.toString('utf8')}}`;
      let verification: { verification_status?: string };
      try {
        verification = await api.request('POST', '/v1/notifications/verify-webhook-signature', { body });
      } catch (error) {
        // PayPal could not say: a non-2xx makes PayPal deliver again later.
        throw unavailable(error, 'verifying a webhook');
      }
      if (verification.verification_status !== 'SUCCESS') throw invalid;
      return eventOf(event);
    },
  };
}
