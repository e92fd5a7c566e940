import { BILLING_PERIODS, PLAN_IDS, type BillingPeriod, type PlanId } from '@switchboard/contract';

export const DEFAULT_PLAN: PlanId = 'business';
export const DEFAULT_PERIOD: BillingPeriod = 12;

export function toPlanId(value: string | null): PlanId {
  return (PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as PlanId) : DEFAULT_PLAN;
}

export function toPeriod(value: string | null): BillingPeriod {
  const months = Number(value);
  return (BILLING_PERIODS as readonly number[]).includes(months) ? (months as BillingPeriod) : DEFAULT_PERIOD;
}

/** Where a plan's button leads: the checkout with the plan and the period chosen. */
export function checkoutPath(planId: PlanId, months: BillingPeriod): string {
  return `/CheckOut?${new URLSearchParams({ plan: planId, period: String(months) }).toString()}`;
}

export interface CheckoutReturn {
  orderId: string;
  result: 'return' | 'cancel';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment provider's way back (`/CheckOut?order=<id>`, a cancel with `&canceled=1`; also
 * `&result=return|cancel`), or null for an ordinary visit. Anything malformed is an ordinary visit.
 * Providers add their own parameters (PayPal's token and PayerID); they are not read.
 */
export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn | null {
  const orderId = params.get('order');
  if (!orderId || !UUID.test(orderId)) return null;
  const result = params.get('result') ?? (params.get('canceled') === '1' ? 'cancel' : 'return');
  if (result !== 'return' && result !== 'cancel') return null;
  return { orderId, result };
}
