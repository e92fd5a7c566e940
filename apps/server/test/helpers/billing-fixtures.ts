import {
  MONTHLY_PRICE_CENTS,
  PERIOD_DISCOUNT_PERCENT,
  PLANS,
  type BillingPeriod,
  type OrderKind,
  type PaymentProviderId,
  type PlanId,
  type Quote,
  type QuoteLine,
} from '@switchboard/contract';
import { addMonths } from 'date-fns';
import type { Db } from '../../src/db/database.js';
import { billingOrders } from '../../src/db/schema/index.js';
/** A stored billing order (the whole row, as the billing service keeps it). */
export type OrderRow = typeof billingOrders.$inferSelect;

export interface TestQuoteOptions {
  planId?: PlanId;
  months?: BillingPeriod;
  kind?: OrderKind;
  setupFee?: boolean;
  creditCents?: number;
  taxRatePercent?: number;
  periodStart?: Date;
}

/**
 * A quote made by the design's money rules, for tests that need a paid order before (or without)
 * the billing service: business, 12 months, setup fee due and no tax unless told.
 */
export function testQuote(options: TestQuoteOptions = {}): Quote {
  const { planId = 'business', months = 12, kind = 'new', creditCents = 0, taxRatePercent = 0 } = options;
  const name = `${planId.charAt(0).toUpperCase()}${planId.slice(1)}`;
  const list = MONTHLY_PRICE_CENTS[planId] * months;
  const discount = Math.round((list * PERIOD_DISCOUNT_PERCENT[months]) / 100);
  const setupFee = (options.setupFee ?? true) ? (PLANS[planId].setupFeeCents ?? 0) : 0;
  const lines: QuoteLine[] = [{ kind: 'plan', description: `${name} plan, ${months} months`, amountCents: list }];
  if (discount > 0) lines.push({ kind: 'discount', description: `Discount`, amountCents: -discount });
  if (setupFee > 0) lines.push({ kind: 'setup_fee', description: 'Setup fee', amountCents: setupFee });
  if (creditCents > 0) lines.push({ kind: 'proration_credit', description: 'Unused time', amountCents: -creditCents });
  const subtotal = Math.max(0, list - discount + setupFee - creditCents);
  const tax = Math.round((subtotal * taxRatePercent) / 100);
  if (taxRatePercent > 0) lines.push({ kind: 'tax', description: `Tax ${taxRatePercent}%`, amountCents: tax });
  const start = options.periodStart ?? new Date('2026-11-27T10:00:00.000Z');
  return {
    planId,
    months,
    kind,
    currency: 'USD',
    lines,
    subtotalCents: subtotal,
    taxRatePercent,
    taxCents: tax,
    totalCents: subtotal + tax,
    periodStart: start.toISOString(),
    periodEnd: addMonths(start, months).toISOString(),
  };
}

let orders = 0;

/** A paid (or refunded) order of the workspace, inserted as the billing service would leave it. */
export async function insertPaidOrder(
  db: Db,
  workspaceId: string,
  options: TestQuoteOptions & {
    provider?: PaymentProviderId;
    paidAt?: Date;
    refundedAt?: Date;
    status?: 'paid' | 'refunded';
  } = {},
): Promise<OrderRow> {
  const quote = testQuote(options);
  const n = ++orders;
  const [row] = await db
    .insert(billingOrders)
    .values({
      workspaceId,
      kind: quote.kind,
      planId: quote.planId,
      months: quote.months,
      quote,
      totalCents: quote.totalCents,
      method: 'card',
      provider: options.provider ?? 'test',
      providerRef: `test_order_${n}_${Math.random().toString(36).slice(2, 8)}`,
      providerPaymentRef: `test_payment_${n}`,
      status: options.status ?? 'paid',
      idempotencyScope: workspaceId,
      idempotencyKey: `fixture-order-${n}-${Math.random().toString(36).slice(2, 10)}`,
      paidAt: options.paidAt ?? new Date('2026-11-27T10:00:00.000Z'),
      refundedAt: options.refundedAt ?? null,
    })
    .returning();
  return row!;
}
