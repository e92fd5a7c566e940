import type { BillingPeriod, PlanId, PricesResponse, Quote } from '@switchboard/contract';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import { createBillingOrdersRepository } from './billing-orders.repository.js';
import { createBillingSubscriptionsRepository } from './billing-subscriptions.repository.js';
import { createCheckout } from './billing-checkout.js';
import { createCheckoutStart } from './billing-start.js';
import type { BillingContext, BillingDeps } from './billing-context.js';
import { createBillingPeriods } from './billing-periods.js';
import { quoteFor } from './billing-quotes.js';
import { handleProviderEvent } from './billing-settle.js';
import { createSubscriptions } from './billing-subscription.js';
import type { ProviderEvent } from './providers/payment-provider.js';
import { pricesTable } from './pricing.js';

export type { BillingCaller, BillingDeps, BillingInvoices, PaymentProviders } from './billing-context.js';
export type { OrderAccess } from './billing-checkout.js';

/** How often the period-end job looks for ended periods and due reminders. */
const PERIOD_JOB_MS = 60_000;

/**
 * Billing (issue 16): prices and quotes (pricing.ts), checkout (billing-checkout.ts: start, read,
 * confirm, sign the new admin in), payments applied once (billing-settle.ts, billing-activation.ts,
 * also from providers' webhooks), the subscription (billing-subscription.ts: overview, cancel,
 * resume) and the period-end job with its reminders (billing-periods.ts). The plan in force stays
 * `workspaces.plan_id`, changed through the workspaces service.
 */
export function createBillingService(deps: BillingDeps) {
  const ctx: BillingContext = {
    ...deps,
    repo: { ...createBillingOrdersRepository(deps.db), ...createBillingSubscriptionsRepository(deps.db) },
    clock: deps.now ?? (() => new Date()),
  };
  const checkout = createCheckout(ctx);
  const subscriptions = createSubscriptions(ctx);
  const periods = createBillingPeriods(ctx);

  return {
    prices: (): PricesResponse => pricesTable(ctx.taxRatePercent),
    /** For a new account (`workspaceId` null) or the admin's workspace. */
    quote: (planId: PlanId, months: BillingPeriod, workspaceId: string | null): Promise<Quote> =>
      quoteFor(ctx, planId, months, workspaceId),
    startCheckout: createCheckoutStart(ctx),
    order: checkout.order,
    confirm: checkout.confirm,
    claimSession: checkout.claimSession,
    /** A verified webhook event of `providerId` (the webhook routes): handled once. */
    handleProviderEvent: (providerId: ProviderEventProvider, event: ProviderEvent) =>
      handleProviderEvent(ctx, providerId, event),
    overview: subscriptions.overview,
    subscription: subscriptions.subscription,
    cancel: subscriptions.cancel,
    resume: subscriptions.resume,
    /** One pass of the period-end job (tests). */
    runPeriodPass: periods.runPass,
    /** The period-end job for the composition's background jobs (one instance at a time). */
    periodJob: createPeriodicJob(PERIOD_JOB_MS, periods.runPass, deps.log, { sharedAs: 'billing-periods' }),
  };
}

type ProviderEventProvider = Parameters<typeof handleProviderEvent>[1];

export type BillingService = ReturnType<typeof createBillingService>;
