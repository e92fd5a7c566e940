import { BILLING_PERIODS, PLAN_IDS, type BillingPeriod, type PlanId, type Quote } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import {
  computeQuote,
  percentOf,
  periodEndOf,
  planPrice,
  pricesTable,
  prorationCredit,
  sameCharge,
  type CurrentPeriod,
  type QuoteInput,
} from '../../src/modules/billing/pricing.js';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const quote = (input: Partial<QuoteInput>): Quote =>
  computeQuote({
    planId: 'business',
    months: 12,
    now: NOW,
    taxRatePercent: 0,
    current: null,
    setupFeeDue: true,
    ...input,
  });
const amounts = (q: Quote) => Object.fromEntries(q.lines.map((l) => [l.kind, l.amountCents]));

// Every plan × period, written out from the table (monthly price × months × (1 − discount)).
const EXPECTED_TOTALS: Record<PlanId, Record<BillingPeriod, number>> = {
  starter: { 1: 19_00, 3: 57_00, 6: 108_30, 12: 205_20 },
  business: { 1: 79_00, 3: 237_00, 6: 450_30, 12: 853_20 },
  pro: { 1: 249_00, 3: 747_00, 6: 1_419_30, 12: 2_689_20 },
  unlimited: { 1: 599_00, 3: 1_797_00, 6: 3_414_30, 12: 6_469_20 },
};
const SETUP_FEES: Record<PlanId, number> = { starter: 0, business: 200_00, pro: 200_00, unlimited: 200_00 };

describe('billing prices', () => {
  for (const planId of PLAN_IDS)
    for (const months of BILLING_PERIODS)
      it(`${planId} for ${months} month(s): total and setup fee`, () => {
        expect(planPrice(planId, months).totalCents).toBe(EXPECTED_TOTALS[planId][months]);
        const withFee = quote({ planId, months, setupFeeDue: true });
        expect(withFee.kind).toBe('new');
        expect(withFee.totalCents).toBe(EXPECTED_TOTALS[planId][months] + SETUP_FEES[planId]);
        const withoutFee = quote({ planId, months, setupFeeDue: false });
        expect(withoutFee.totalCents).toBe(EXPECTED_TOTALS[planId][months]);
        expect(withoutFee.lines.some((l) => l.kind === 'setup_fee')).toBe(false);
      });

  it('the prices table lists every plan and period with the discount and price per month', () => {
    const table = pricesTable(0);
    expect(table.plans.map((p) => p.planId)).toEqual([...PLAN_IDS]);
    const business = table.plans.find((p) => p.planId === 'business')!;
    expect(business.setupFeeCents).toBe(200_00);
    expect(business.monthlySmsQuota).toBe(10_000);
    expect(business.prices.map((p) => p.months)).toEqual([1, 3, 6, 12]);
    expect(business.prices[3]).toEqual({
      months: 12,
      discountPercent: 10,
      listCents: 948_00,
      discountCents: 94_80,
      totalCents: 853_20,
      perMonthCents: 71_10,
    });
    expect(table.plans.find((p) => p.planId === 'starter')!.setupFeeCents).toBeNull();
  });

  it('a quote lists plan, discount, setup fee and tax in that order', () => {
    const q = quote({ taxRatePercent: 20 });
    expect(q.lines.map((l) => l.kind)).toEqual(['plan', 'discount', 'setup_fee', 'tax']);
    expect(q.lines[0]!.description).toBe('Business plan, 12 months');
    expect(amounts(q)).toEqual({ plan: 948_00, discount: -94_80, setup_fee: 200_00, tax: 210_64 });
    expect(q.subtotalCents).toBe(1_053_20);
    expect(q.totalCents).toBe(1_263_84);
  });

  it('no discount line for 1 and 3 months, no tax line at 0 %', () => {
    expect(quote({ months: 3 }).lines.map((l) => l.kind)).toEqual(['plan', 'setup_fee']);
  });

  it('rounds to cents half up', () => {
    expect(percentOf(1_05, 50)).toBe(53); // 52.5 → 53
    expect(percentOf(1_03, 50)).toBe(52); // 51.5 → 52
    expect(percentOf(1_00, 7.15)).toBe(7); // 7.15 → 7
    expect(percentOf(10_00, 7.15)).toBe(72); // 71.5 (71.49999… in binary) → 72
    expect(percentOf(0, 10)).toBe(0);
    // 6 months of business: 474.00 × 5 % = 23.70 exactly; the starter's 114 × 5 % = 5.70
    expect(planPrice('starter', 6).discountCents).toBe(5_70);
    // tax on 1,084.30 at 8.875 % = 96.231… → 96.23
    expect(quote({ months: 6, taxRatePercent: 8.875, setupFeeDue: false }).taxCents).toBe(Math.round(450_30 * 0.08875));
    // every amount is an integer
    const q = quote({ taxRatePercent: 8.875 });
    for (const line of q.lines) expect(Number.isInteger(line.amountCents)).toBe(true);
  });
});

describe('billing periods', () => {
  it('adds calendar months in UTC: Jan 31 + 1 month is the last day of February', () => {
    expect(periodEndOf(new Date('2027-01-31T23:30:00Z'), 1).toISOString()).toBe('2027-02-28T23:30:00.000Z');
    expect(periodEndOf(new Date('2028-01-31T00:30:00Z'), 1).toISOString()).toBe('2028-02-29T00:30:00.000Z');
    expect(periodEndOf(new Date('2028-02-29T12:00:00Z'), 12).toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(periodEndOf(new Date('2026-08-31T00:00:00Z'), 6).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('a new purchase starts now and ends months later', () => {
    const q = quote({ months: 3 });
    expect(q.periodStart).toBe(NOW.toISOString());
    expect(q.periodEnd).toBe('2027-02-27T10:00:00.000Z');
  });
});

describe('proration', () => {
  it('credits the unused whole days, rounded up, of the current period', () => {
    // 2028-01-31 → 2028-02-29: 29 days (leap year); 10.5 days left count as 11.
    const start = new Date('2028-01-31T00:00:00Z');
    const end = new Date('2028-02-29T00:00:00Z');
    const now = new Date('2028-02-18T12:00:00Z');
    expect(prorationCredit(79_00, start, end, now)).toBe(Math.round((79_00 * 11) / 29));
  });

  it('across a month end in a common year (2027-01-31 → 2027-02-28: 28 days)', () => {
    const start = new Date('2027-01-31T00:00:00Z');
    const end = periodEndOf(start, 1);
    expect(end.toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(prorationCredit(79_00, start, end, new Date('2027-02-14T00:00:00Z'))).toBe(39_50); // 14 of 28
  });

  it('is clamped: nothing after the end, everything before the start', () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const end = new Date('2026-12-01T00:00:00Z');
    expect(prorationCredit(100_00, start, end, new Date('2026-12-02T00:00:00Z'))).toBe(0);
    expect(prorationCredit(100_00, start, end, new Date('2026-10-01T00:00:00Z'))).toBe(100_00);
    expect(prorationCredit(100_00, start, end, start)).toBe(100_00);
  });

  const business12: CurrentPeriod = {
    planId: 'business',
    months: 12,
    periodStart: new Date('2026-05-27T10:00:00Z'),
    periodEnd: new Date('2027-05-27T10:00:00Z'),
    creditableCents: 853_20,
    nextPaid: false,
  };

  it('an upgrade mid-period credits the old period (never its setup fee) and has no setup fee once paid', () => {
    const q = quote({ planId: 'pro', months: 12, current: business12, setupFeeDue: false });
    expect(q.kind).toBe('upgrade');
    const credit = Math.round((853_20 * 181) / 365); // 2026-11-27 → 2027-05-27: 181 days of 365
    expect(amounts(q)).toEqual({ plan: 2_988_00, discount: -298_80, proration_credit: -credit });
    expect(q.lines.map((l) => l.kind)).toEqual(['plan', 'discount', 'proration_credit']);
    expect(q.totalCents).toBe(2_689_20 - credit);
    expect(q.periodStart).toBe(NOW.toISOString());
  });

  it('renewal and downgrade start at the period end without credit; upgrade needs at least the current months', () => {
    const renewal = quote({ planId: 'business', months: 1, current: business12, setupFeeDue: false });
    expect(renewal.kind).toBe('renewal');
    expect(renewal.periodStart).toBe('2027-05-27T10:00:00.000Z');
    expect(renewal.periodEnd).toBe('2027-06-27T10:00:00.000Z');
    const downgrade = quote({ planId: 'starter', months: 3, current: business12, setupFeeDue: false });
    expect(downgrade.kind).toBe('downgrade');
    expect(downgrade.totalCents).toBe(57_00);
    expect(() => quote({ planId: 'pro', months: 6, current: business12 })).toThrow(/at least 12 months/);
    expect(() => quote({ planId: 'business', months: 1, current: { ...business12, nextPaid: true } })).toThrow(
      /already paid/,
    );
  });

  it('the subtotal never goes below 0', () => {
    const dear: CurrentPeriod = { ...business12, planId: 'starter', creditableCents: 1_000_000_00 };
    expect(quote({ planId: 'business', current: dear, setupFeeDue: false }).totalCents).toBe(0);
  });

  it('sameCharge tolerates a day’s drift of the credit but not another plan in force', () => {
    const a = quote({ planId: 'pro', current: business12, setupFeeDue: false });
    const dayLater = computeQuote({
      planId: 'pro',
      months: 12,
      now: new Date(NOW.getTime() + 86_400_000),
      taxRatePercent: 0,
      current: business12,
      setupFeeDue: false,
    });
    expect(sameCharge(a, dayLater)).toBe(true);
    const afterAnotherUpgrade = quote({ planId: 'unlimited', current: { ...business12, planId: 'pro' } });
    expect(
      sameCharge(quote({ planId: 'unlimited', current: business12, setupFeeDue: false }), afterAnotherUpgrade),
    ).toBe(false);
    expect(sameCharge(a, quote({ planId: 'pro', current: { ...business12, planId: 'pro' } }))).toBe(false);
  });
});
