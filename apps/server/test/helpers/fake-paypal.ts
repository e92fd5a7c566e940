import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPayPalSigner, type VerifyWebhookBody } from './fake-paypal-signing.js';
import { basicAuthOf, readBody } from './fake-twilio.js';

/** One request the fake received, as PayPal would see it. */
export interface FakePayPalRequest {
  method: string;
  path: string;
  body: unknown;
  /** PayPal-Request-Id (PayPal's idempotency key), or null. */
  requestId: string | null;
}

/** PayPal's error answer: `{ name, message, details: [{ issue, description }] }`. */
export interface FakePayPalFailure {
  status: number;
  name: string;
  issue?: string;
  description?: string;
}

export interface FakePayPalOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  customId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  cancelUrl: string;
  capture: { id: string; status: 'COMPLETED' | 'PENDING' | 'DECLINED' } | null;
}

export interface FakePayPal {
  /** PAYPAL_API_BASE for the provider. */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  requests: FakePayPalRequest[];
  orders: Map<string, FakePayPalOrder>;
  /** Token requests so far. */
  tokenRequests(): number;
  /** Every issued token stops working (PayPal answers 401 until a new one is fetched). */
  expireTokens(): void;
  /** The buyer approved the order at PayPal; answers the return URL PayPal sends the browser to. */
  approve(orderId: string): string;
  /** The next capture is declined by the buyer's bank (422 INSTRUMENT_DECLINED). */
  declineNextCapture(): void;
  /** The next API request is carried out but its answer is lost (a 503 instead). */
  loseNextAnswer(): void;
  /** A webhook delivery as PayPal sends it: the event's JSON and its transmission headers. */
  signedEvent(
    type: string,
    orderId: string,
    options?: { eventId?: string; forged?: boolean },
  ): { payload: string; headers: Record<string, string>; eventId: string };
  failNext(count: number, failure: FakePayPalFailure): void;
  close(): Promise<void>;
}

/** The parts of a create-order body the fake keeps. */
interface CreateOrderBody {
  intent?: string;
  purchase_units?: Array<{ custom_id?: string; amount?: { currency_code: string; value: string } }>;
  payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
}

const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
  res.end(JSON.stringify(body));
}

function paypalError(res: ServerResponse, failure: FakePayPalFailure) {
  const details = failure.issue ? [{ issue: failure.issue, description: failure.description ?? failure.issue }] : [];
  send(res, failure.status, { name: failure.name, message: failure.description ?? failure.name, details });
}

/**
 * A local stand-in for PayPal's REST API: OAuth2 client credentials, Orders v2 (create, get,
 * capture), capture refunds and webhook signature verification, with PayPal-Request-Id replays
 * and PayPal's error bodies. Webhooks are signed with an RSA key like PayPal's, over the CRC32 of
 * the event, and verified the same way.
 */
export async function startFakePayPal(): Promise<FakePayPal> {
  const clientId = `client-${randomBytes(6).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const webhookId = paypalId();
  const signer = createPayPalSigner(webhookId, () => `${url}/v1/notifications/certs/CERT-fake`);
  const requests: FakePayPalRequest[] = [];
  const orders = new Map<string, FakePayPalOrder>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: FakePayPalFailure[] = [];
  let tokens = new Set<string>();
  let tokenCount = 0;
  let declineNext = false;
  let loseNext = false;
  let url = '';

  const orderBody = (order: FakePayPalOrder) => ({
    id: order.id,
    status: order.status,
    intent: order.intent,
    links: [
      { rel: 'self', href: `${url}/v2/checkout/orders/${order.id}`, method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ rel: 'payer-action', href: `${url}/checkoutnow?token=${order.id}`, method: 'GET' }]
        : []),
    ],
    purchase_units: [
      {
        custom_id: order.customId,
        amount: order.amount,
        ...(order.capture ? { payments: { captures: [{ ...order.capture, amount: order.amount }] } } : {}),
      },
    ],
  });

  function createOrder(body: CreateOrderBody | null): { status: number; body: unknown } {
    const unit = body?.purchase_units?.[0];
    const context = body?.payment_source?.paypal?.experience_context;
    const order: FakePayPalOrder = {
      id: paypalId(),
      status: 'PAYER_ACTION_REQUIRED',
      intent: body?.intent ?? '',
      customId: unit?.custom_id ?? '',
      amount: unit?.amount ?? { currency_code: 'USD', value: '0.00' },
      returnUrl: context?.return_url ?? '',
      cancelUrl: context?.cancel_url ?? '',
      capture: null,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderBody(order) };
  }

  function captureOrder(order: FakePayPalOrder): { status: number; body: unknown } {
    const issue = (name: string, description: string) => ({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', message: description, details: [{ issue: name, description }] },
    });
    if (order.status === 'COMPLETED') return issue('ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') {
      return issue('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    }
    if (declineNext) {
      declineNext = false;
      return issue('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank.');
    }
    Object.assign(order, { status: 'COMPLETED', capture: { id: paypalId(), status: 'COMPLETED' } });
    return { status: 201, body: orderBody(order) };
  }

  function route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body as CreateOrderBody | null);
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return { status: 200, body: signer.verify(body as VerifyWebhookBody | null) };
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = orderMatch ? orders.get(decodeURIComponent(orderMatch[1]!)) : undefined;
    if (order && method === 'GET' && !orderMatch![2]) return { status: 200, body: orderBody(order) };
    if (order && method === 'POST' && orderMatch![2]) return captureOrder(order);
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch && [...orders.values()].some((o) => o.capture?.id === refundMatch[1])) {
      return { status: 201, body: { id: paypalId(), status: 'COMPLETED' } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const text = await readBody(req);
    if (path === '/v1/oauth2/token') {
      const auth = basicAuthOf(req);
      if (
        auth?.username !== clientId ||
        auth.password !== clientSecret ||
        !text.includes('grant_type=client_credentials')
      ) {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      tokenCount += 1;
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32_400,
      });
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return paypalError(res, { status: 400, name: 'INVALID_REQUEST', issue: 'MALFORMED_REQUEST_JSON' });
    }
    const requestId = (req.headers['paypal-request-id'] as string | undefined) ?? null;
    requests.push({ method: req.method ?? '', path, body, requestId });
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return send(res, 401, { error: 'invalid_token', error_description: 'Access Token not found in cache' });
    const failure = failures.shift();
    if (failure) return paypalError(res, failure);
    // PayPal answers a repeated PayPal-Request-Id with the first request's answer.
    const replayKey = requestId ? `${path} ${requestId}` : null;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body);
    const reply = route(req.method ?? '', path, body);
    if (replayKey && reply.status < 300) replies.set(replayKey, reply);
    if (loseNext) {
      loseNext = false;
      return paypalError(res, { status: 503, name: 'SERVICE_UNAVAILABLE' });
    }
    send(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function orderOf(orderId: string): FakePayPalOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    return order;
  }

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    orders,
    tokenRequests: () => tokenCount,
    expireTokens() {
      tokens = new Set();
    },
    approve(orderId) {
      const order = orderOf(orderId);
      order.status = 'APPROVED';
      return `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=FAKEPAYER1`;
    },
    declineNextCapture() {
      declineNext = true;
    },
    loseNextAnswer() {
      loseNext = true;
    },
    signedEvent(type, orderId, options = {}) {
      const order = orderOf(orderId);
      const eventId = options.eventId ?? `WH-${paypalId()}`;
      const resource = type.startsWith('PAYMENT.CAPTURE.')
        ? {
            id: order.capture?.id ?? paypalId(),
            status: type === 'PAYMENT.CAPTURE.DENIED' ? 'DECLINED' : 'COMPLETED',
            amount: order.amount,
            custom_id: order.customId,
            supplementary_data: { related_ids: { order_id: order.id } },
          }
        : orderBody(order);
      const payload = JSON.stringify({
        id: eventId,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: type.startsWith('PAYMENT.CAPTURE.') ? 'capture' : 'checkout-order',
        event_type: type,
        summary: `Event ${type}`,
        resource,
      });
      return { payload, headers: signer.headersFor(payload, options.forged), eventId };
    },
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
