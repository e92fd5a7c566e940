import { UTCDate } from '@date-fns/utc';
import {
  BILLING_CURRENCY,
  BILLING_PERIODS,
  MONTHLY_PRICE_CENTS,
  PERIOD_DISCOUNT_PERCENT,
  PLAN_IDS,
  PLANS,
  type BillingPeriod,
  type OrderKind,
  type PlanId,
  type PlanPrice,
  type PricesResponse,
  type Quote,
  type QuoteLine,
} from '@switchboard/contract';
import { addMonths } from 'date-fns';
import { AppError } from '../../lib/app-error.js';

/**
 * Billing's arithmetic (billing-design.md "Money rules"), pure: no clock, no database. Amounts
 * are integer US cents; every percentage is rounded half up (Math.round on positive cents).
 */

const DAY_MS = 86_400_000;

/** `percent` of `cents`, rounded half up to a cent (the tiny epsilon absorbs binary fractions like 7.15 %). */
export function percentOf(cents: number, percent: number): number {
  if (cents <= 0 || percent <= 0) return 0;
  return Math.round((cents * percent) / 100 + 1e-9);
}

/** `start` plus `months` calendar months in UTC (Jan 31 + 1 month = Feb 28/29), whatever the process's zone. */
export function periodEndOf(start: Date, months: number): Date {
  return new Date(addMonths(new UTCDate(start.getTime()), months).getTime());
}

/** List price, discount and the period's price (no setup fee) of one plan for one period. */
export function planPrice(planId: PlanId, months: BillingPeriod): PlanPrice {
  const listCents = MONTHLY_PRICE_CENTS[planId] * months;
  const discountPercent = PERIOD_DISCOUNT_PERCENT[months];
  const discountCents = percentOf(listCents, discountPercent);
  const totalCents = listCents - discountCents;
  return {
    months,
    discountPercent,
    listCents,
    discountCents,
    totalCents,
    perMonthCents: Math.round(totalCents / months),
  };
}

/** `GET /api/billing/prices`: every plan at every period. */
export function pricesTable(taxRatePercent: number): PricesResponse {
  return {
    currency: BILLING_CURRENCY,
    taxRatePercent,
    plans: PLAN_IDS.map((planId) => {
      const plan = PLANS[planId];
      return {
        planId,
        monthlyPriceCents: MONTHLY_PRICE_CENTS[planId],
        monthlySmsQuota: plan.monthlySmsQuota,
        setupFeeCents: plan.setupFeeCents,
        whatsapp: plan.whatsapp,
        multipleNumbers: plan.multipleNumbers,
        controlPanel: plan.controlPanel,
        developerApi: plan.developerApi,
        prices: BILLING_PERIODS.map((months) => planPrice(planId, months)),
      };
    }),
  };
}

/**
 * Credit for the unused part of the current period: creditable × remainingDays / totalDays,
 * where totalDays are the period's whole UTC days and remainingDays = ceil((end − now) / day),
 * clamped to [0, totalDays].
 */
export function prorationCredit(creditableCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const totalDays = Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS);
  if (totalDays <= 0 || creditableCents <= 0) return 0;
  const remaining = Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS);
  const remainingDays = Math.min(totalDays, Math.max(0, remaining));
  return Math.round((creditableCents * remainingDays) / totalDays);
}

/** The paid period running now (status active or canceling, periodEnd in the future). */
export interface CurrentPeriod {
  planId: PlanId;
  months: BillingPeriod;
  periodStart: Date;
  periodEnd: Date;
  /** What the current period's order paid for the period itself (list − discount). */
  creditableCents: number;
  /** A renewal or downgrade is already paid for. */
  nextPaid: boolean;
}

export interface QuoteInput {
  planId: PlanId;
  months: BillingPeriod;
  now: Date;
  taxRatePercent: number;
  /** Null for a new account or a workspace without a running paid period. */
  current: CurrentPeriod | null;
  /** The workspace never paid a setup fee (always true for a new account). */
  setupFeeDue: boolean;
}

const planName = (planId: PlanId) => planId.charAt(0).toUpperCase() + planId.slice(1);
const monthsText = (months: number) => (months === 1 ? '1 month' : `${months} months`);

function orderKind(input: QuoteInput): OrderKind {
  const { current, planId } = input;
  if (!current) return 'new';
  const price = MONTHLY_PRICE_CENTS[planId];
  const inForce = MONTHLY_PRICE_CENTS[current.planId];
  if (price > inForce) return 'upgrade';
  return price === inForce ? 'renewal' : 'downgrade';
}

/** Refuses what the design does not allow (409 BILLING_STATE_CONFLICT). */
function checkAllowed(kind: OrderKind, input: QuoteInput) {
  const current = input.current;
  if (!current) return;
  if (current.nextPaid)
    throw new AppError('BILLING_STATE_CONFLICT', 'The next period is already paid for. Cancel it first to change it.');
  if (kind === 'upgrade' && input.months < current.months)
    throw new AppError(
      'BILLING_STATE_CONFLICT',
      `An upgrade must cover at least the current period: choose at least ${monthsText(current.months)}.`,
    );
}

/** The order summary: kind, lines (plan, discount, setup fee, proration credit, tax), totals and period. */
export function computeQuote(input: QuoteInput): Quote {
  const { planId, months, now, current } = input;
  const kind = orderKind(input);
  checkAllowed(kind, input);
  const price = planPrice(planId, months);
  const lines: QuoteLine[] = [
    { kind: 'plan', description: `${planName(planId)} plan, ${monthsText(months)}`, amountCents: price.listCents },
  ];
  if (price.discountCents > 0)
    lines.push({
      kind: 'discount',
      description: `${price.discountPercent} % discount for ${monthsText(months)}`,
      amountCents: -price.discountCents,
    });
  const setupFee = input.setupFeeDue ? (PLANS[planId].setupFeeCents ?? 0) : 0;
  if (setupFee > 0) lines.push({ kind: 'setup_fee', description: 'Setup fee (once)', amountCents: setupFee });
  const credit =
    kind === 'upgrade' && current
      ? prorationCredit(current.creditableCents, current.periodStart, current.periodEnd, now)
      : 0;
  if (credit > 0)
    lines.push({
      kind: 'proration_credit',
      description: `Credit for the unused part of the ${planName(current!.planId)} plan`,
      amountCents: -credit,
    });
  const subtotalCents = Math.max(0, price.totalCents + setupFee - credit);
  const taxCents = percentOf(subtotalCents, input.taxRatePercent);
  if (input.taxRatePercent > 0)
    lines.push({ kind: 'tax', description: `Tax (${input.taxRatePercent} %)`, amountCents: taxCents });
  // Renewals and downgrades begin when the running period ends; everything else at once.
  const periodStart = current && (kind === 'renewal' || kind === 'downgrade') ? current.periodEnd : now;
  return {
    planId,
    months,
    kind,
    currency: BILLING_CURRENCY,
    lines,
    subtotalCents,
    taxRatePercent: input.taxRatePercent,
    taxCents,
    totalCents: subtotalCents + taxCents,
    periodStart: periodStart.toISOString(),
    periodEnd: periodEndOf(periodStart, months).toISOString(),
  };
}

/**
 * Whether a stored quote is still what a fresh one would charge: the same kind and lines (the
 * credit's plan included). The credit's and tax's amounts may move by the days since the quote;
 * a renewal or downgrade must still start at the same period end. Another order paid meanwhile
 * changes the kind, the credited plan or the start.
 */
export function sameCharge(stored: Quote, fresh: Quote): boolean {
  const shape = (quote: Quote) =>
    JSON.stringify(
      quote.lines.map((l) => [
        l.kind,
        l.description,
        l.kind === 'proration_credit' || l.kind === 'tax' ? 0 : l.amountCents,
      ]),
    );
  const startsLater = stored.kind === 'renewal' || stored.kind === 'downgrade';
  return (
    stored.kind === fresh.kind &&
    shape(stored) === shape(fresh) &&
    (!startsLater || stored.periodStart === fresh.periodStart)
  );
}
