import type { BillingPeriod, PlanId, Quote, Subscription } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { OrderRow } from './billing-orders.repository.js';
import type { SubscriptionRow } from './billing-subscriptions.repository.js';
import type { BillingContext } from './billing-context.js';
import { computeQuote, type CurrentPeriod } from './pricing.js';

/** What the current period's order paid for the period itself: its plan line less its discount. */
export function creditableOf(order: OrderRow): number {
  return order.quote.lines
    .filter((line) => line.kind === 'plan' || line.kind === 'discount')
    .reduce((sum, line) => sum + line.amountCents, 0);
}

/** The workspace's subscription, its plan in force and the orders it names (current, next). */
export async function billingStateOf(ctx: BillingContext, workspaceId: string, tx: Db = ctx.db) {
  const workspace = await ctx.workspaces.find(workspaceId, tx);
  if (!workspace) throw new AppError('NOT_FOUND', 'Workspace not found.');
  const subscription = await ctx.repo.subscription(workspaceId, tx);
  const current = subscription?.orderId ? await ctx.repo.order(subscription.orderId, tx) : undefined;
  const next = subscription?.nextOrderId ? await ctx.repo.order(subscription.nextOrderId, tx) : undefined;
  return { planId: workspace.planId, subscription, current, next };
}
export type BillingState = Awaited<ReturnType<typeof billingStateOf>>;

/** A paid period still running at `now`, or null (no subscription, the starter fallback, or ended). */
export function runningPeriod(state: BillingState, now: Date): CurrentPeriod | null {
  const sub = state.subscription;
  if (!sub || sub.status === 'none' || !sub.periodStart || !sub.periodEnd || !sub.months) return null;
  if (sub.periodEnd.getTime() <= now.getTime()) return null;
  return {
    planId: state.planId,
    months: sub.months,
    periodStart: sub.periodStart,
    periodEnd: sub.periodEnd,
    creditableCents: state.current ? creditableOf(state.current) : 0,
    nextPaid: !!sub.nextOrderId,
  };
}

/** A quote for a new account (`workspaceId` null) or for the workspace as it stands in `tx`. */
export async function quoteFor(
  ctx: BillingContext,
  planId: PlanId,
  months: BillingPeriod,
  workspaceId: string | null,
  tx: Db = ctx.db,
): Promise<Quote> {
  const base = { planId, months, now: ctx.clock(), taxRatePercent: ctx.taxRatePercent };
  if (!workspaceId) return computeQuote({ ...base, current: null, setupFeeDue: true });
  const state = await billingStateOf(ctx, workspaceId, tx);
  return computeQuote({
    ...base,
    current: runningPeriod(state, base.now),
    setupFeeDue: !state.subscription?.setupFeePaidAt,
  });
}

/** The subscription as the billing page shows it. */
export function toSubscription(state: BillingState, now: Date): Subscription {
  const sub: SubscriptionRow | undefined = state.subscription;
  const running = sub && sub.status !== 'none' && sub.periodEnd && sub.periodEnd.getTime() > now.getTime();
  return {
    planId: state.planId,
    status: running ? sub.status : 'none',
    months: running ? sub.months : null,
    periodStart: running ? (sub.periodStart?.toISOString() ?? null) : null,
    periodEnd: running ? (sub.periodEnd?.toISOString() ?? null) : null,
    next:
      running && state.next ? { planId: state.next.planId, months: state.next.months, orderId: state.next.id } : null,
    setupFeePaid: !!sub?.setupFeePaidAt,
  };
}
