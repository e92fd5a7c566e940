import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { readBody } from './fake-twilio.js';

/** One request the fake received, as Stripe would see it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form body, flat as sent (`line_items[0][price_data][unit_amount]` → "1000"). */
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

/** Stripe's error answer (`{ error: { type, message, code } }`), e.g. a card_error 402 or an api_error 500. */
export interface FakeStripeFailure {
  status: number;
  type: string;
  message: string;
  code?: string;
}

/** The fields of a Checkout Session the provider reads (Stripe's shape, trimmed). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
}

export interface FakeStripe {
  /** STRIPE_API_BASE for the provider. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** The buyer paid on the hosted page: the session completes with a PaymentIntent. */
  pay(sessionId: string): FakeCheckoutSession;
  /** The session ran out (24 h on Stripe). */
  expire(sessionId: string): FakeCheckoutSession;
  /** A webhook delivery as Stripe sends it: the event's JSON and its Stripe-Signature header. */
  signedEvent(
    type: string,
    sessionId: string,
    options?: { eventId?: string; secret?: string },
  ): { payload: string; signature: string; eventId: string };
  /** The next `count` API requests get this answer. */
  failNext(count: number, failure: FakeStripeFailure): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, failure: FakeStripeFailure) {
  const { status, type, message, code } = failure;
  // Stripe tells its clients not to retry what a retry cannot fix.
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } }, { 'stripe-should-retry': 'false' });
}

/**
 * A local stand-in for Stripe's API (Checkout Sessions and Refunds) that the official `stripe`
 * package talks to: Bearer auth, form bodies, idempotency keys replayed like Stripe's (same key,
 * same answer), its error JSON, and webhooks signed with the package's own test header.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds = new Map<string, { id: string; object: 'refund'; payment_intent: string; amount: number }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: FakeStripeFailure[] = [];
  let url = '';

  function createSession(form: Record<string, string>): FakeCheckoutSession {
    const sessionId = id('cs');
    const session: FakeCheckoutSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
      currency: form['line_items[0][price_data][currency]'] ?? 'usd',
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      ),
      success_url: form.success_url ?? '',
      cancel_url: form.cancel_url ?? '',
      url: `${url}/c/pay/${sessionId}`,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function route(method: string, path: string, form: Record<string, string>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(form) };
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (session) return { status: 200, body: session };
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
        },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === form.payment_intent);
      if (!session) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: `No such payment_intent: '${form.payment_intent}'` },
          },
        };
      }
      const refund = {
        id: id('re'),
        object: 'refund' as const,
        payment_intent: form.payment_intent!,
        amount: session.amount_total,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const parsed = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? parsed.search : text));
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({
      method: req.method ?? '',
      path: parsed.pathname,
      form,
      idempotencyKey,
      authorization: req.headers.authorization ?? null,
    });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, { status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const failure = failures.shift();
    if (failure) return stripeError(res, failure);
    // Stripe replays the first answer to a key (the package sends one with every POST).
    const replayKey = idempotencyKey && req.method === 'POST' ? `${parsed.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) return send(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    const reply = route(req.method ?? '', parsed.pathname, form);
    if (replayKey) replies.set(replayKey, reply);
    send(res, reply.status, reply.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function session(sessionId: string): FakeCheckoutSession {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`fake Stripe: no session ${sessionId}`);
    return found;
  }

  return {
    url,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    pay(sessionId) {
      const paid = session(sessionId);
      Object.assign(paid, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paid.payment_intent ?? id('pi'),
      });
      return paid;
    },
    expire(sessionId) {
      return Object.assign(session(sessionId), { status: 'expired', url: null });
    },
    signedEvent(type, sessionId, options = {}) {
      const eventId = options.eventId ?? id('evt');
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: session(sessionId) },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret });
      return { payload, signature, eventId };
    },
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
