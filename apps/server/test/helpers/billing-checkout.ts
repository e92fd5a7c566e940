import { randomUUID } from 'node:crypto';
import type { BillingPeriod, OrderResponse, PlanId } from '@switchboard/contract';
import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD, type SignedIn } from './test-app.js';

/** The test provider's cards (billing-design.md). */
export const CARDS = {
  paid: '4242 4242 4242 4242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
export const FUTURE_EXPIRY = '12/39';

export function testCard(number: string = CARDS.paid, expiry = FUTURE_EXPIRY) {
  return { method: 'card' as const, number, expiry, cvc: '123' };
}

/** An anonymous visitor's §3 checkout fields. */
export function accountFor(email: string, company = 'Acme Ltd') {
  return { firstName: 'Ada', lastName: 'Lovelace', company, mobile: '+15551234567', email, password: TEST_PASSWORD };
}

const headersOf = (who?: SignedIn) => who?.authorization ?? {};

/** Billing's routes through `app.inject`, as the pages call them. */
export function billingApi(app: FastifyInstance) {
  return {
    quote: (plan: PlanId, period: BillingPeriod, who?: SignedIn) =>
      app.inject({ method: 'GET', url: `/api/billing/quote?plan=${plan}&period=${period}`, headers: headersOf(who) }),
    start: (payload: Record<string, unknown>, who?: SignedIn) =>
      app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: headersOf(who),
        payload: { method: 'card', idempotencyKey: randomUUID(), ...payload },
      }),
    read: (id: string, who?: SignedIn, claimToken?: string) =>
      app.inject({
        method: 'GET',
        url: `/api/billing/checkout/${id}${claimToken ? `?claimToken=${encodeURIComponent(claimToken)}` : ''}`,
        headers: headersOf(who),
      }),
    confirm: (id: string, payload: Record<string, unknown>, who?: SignedIn) =>
      app.inject({ method: 'POST', url: `/api/billing/checkout/${id}/confirm`, headers: headersOf(who), payload }),
    session: (id: string, claimToken: string) =>
      app.inject({ method: 'POST', url: `/api/billing/checkout/${id}/session`, payload: { claimToken } }),
    overview: (who?: SignedIn) => app.inject({ method: 'GET', url: '/api/billing', headers: headersOf(who) }),
    cancel: (who?: SignedIn) => app.inject({ method: 'POST', url: '/api/billing/cancel', headers: headersOf(who) }),
    resume: (who?: SignedIn) => app.inject({ method: 'POST', url: '/api/billing/resume', headers: headersOf(who) }),
  };
}

/** A signed-in admin buys `plan` for `months` with the test card; answers the paid order. */
export async function buyAsAdmin(
  app: FastifyInstance,
  who: SignedIn,
  planId: PlanId,
  months: BillingPeriod,
): Promise<OrderResponse['order']> {
  const api = billingApi(app);
  const started = await api.start({ planId, months }, who);
  if (started.statusCode !== 201) throw new Error(`start: ${started.statusCode} ${started.body}`);
  const { order } = started.json<OrderResponse>();
  const confirmed = await api.confirm(order.id, { test: testCard() }, who);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return confirmed.json<OrderResponse>().order;
}
