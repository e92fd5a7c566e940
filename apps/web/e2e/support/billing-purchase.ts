import { expect, type APIRequestContext } from '@playwright/test';
import type { BillingPeriod, Order, OrderResponse, PlanId, SessionResponse } from '@switchboard/contract';
import { uniqueEmail } from './auth';

/** The test provider's card that always pays (billing-design.md). */
export const TEST_CARD = { method: 'card', number: '4242424242424242', expiry: '12/39', cvc: '123' } as const;

function idempotencyKey(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
}

async function confirmWithTestCard(request: APIRequestContext, orderId: string, extra: Record<string, unknown>) {
  const confirmed = await request.post(`/api/billing/checkout/${orderId}/confirm`, {
    data: { ...extra, test: TEST_CARD },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { order } = (await confirmed.json()) as OrderResponse;
  expect(order.status).toBe('paid');
  return order;
}

/**
 * A visitor buys a plan with the test card through the checkout API (no session: the account is
 * created by the payment), then claims the session: the request context (the page's) holds the
 * refresh cookie, so the next page load is signed in as the new workspace's admin.
 */
export async function buyAsNewCustomer(
  request: APIRequestContext,
  { planId = 'business', months = 12 }: { planId?: PlanId; months?: BillingPeriod } = {},
) {
  const account = {
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Cobol Works',
    mobile: '+12025550147',
    email: uniqueEmail('billing'),
    password: 'billing-password-1',
  };
  const started = await request.post('/api/billing/checkout', {
    data: { planId, months, method: 'card', account, idempotencyKey: idempotencyKey() },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { order: pending, claimToken } = (await started.json()) as OrderResponse;
  expect(claimToken).toBeTruthy();
  const order = await confirmWithTestCard(request, pending.id, { claimToken });
  const session = await request.post(`/api/billing/checkout/${pending.id}/session`, { data: { claimToken } });
  expect(session.status(), await session.text()).toBe(200);
  const { accessToken } = (await session.json()) as SessionResponse;
  return { account, order, headers: { authorization: `Bearer ${accessToken}` } };
}

/** A signed-in admin buys (an upgrade, a renewal…) for the workspace with the test card. */
export async function buyForWorkspace(
  request: APIRequestContext,
  headers: Record<string, string>,
  planId: PlanId,
  months: BillingPeriod,
): Promise<Order> {
  const started = await request.post('/api/billing/checkout', {
    headers,
    data: { planId, months, method: 'card', idempotencyKey: idempotencyKey() },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as OrderResponse;
  const confirmed = await request.post(`/api/billing/checkout/${order.id}/confirm`, {
    headers,
    data: { test: TEST_CARD },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const paid = ((await confirmed.json()) as OrderResponse).order;
  expect(paid.status).toBe('paid');
  return paid;
}
