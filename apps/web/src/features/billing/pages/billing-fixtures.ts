import type { BillingOverview, Invoice, Order, Quote, Usage } from '@switchboard/contract';

/** Contract-shaped answers of the billing routes for the page tests: business × 12, paid once. */
export const ORDER_ID = '00000000-0000-4000-8000-0000000000b1';
export const INVOICE_ID = '00000000-0000-4000-8000-0000000000c1';

export const businessQuote: Quote = {
  planId: 'business',
  months: 12,
  kind: 'new',
  currency: 'USD',
  lines: [
    { kind: 'plan', description: 'Business plan, 12 months', amountCents: 948_00 },
    { kind: 'discount', description: 'Discount 10 %', amountCents: -94_80 },
    { kind: 'setup_fee', description: 'Setup fee', amountCents: 200_00 },
  ],
  subtotalCents: 1053_20,
  taxRatePercent: 0,
  taxCents: 0,
  totalCents: 1053_20,
  periodStart: '2026-11-27T00:00:00.000Z',
  periodEnd: '2027-11-27T00:00:00.000Z',
};

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    status: 'paid',
    kind: 'new',
    planId: 'business',
    months: 12,
    method: 'card',
    provider: 'test',
    quote: businessQuote,
    failureReason: null,
    redirectUrl: null,
    invoiceId: INVOICE_ID,
    createdAt: '2026-11-27T00:00:00.000Z',
    paidAt: '2026-11-27T00:00:05.000Z',
    ...overrides,
  };
}

export function anOverview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    subscription: {
      planId: 'business',
      status: 'active',
      months: 12,
      periodStart: '2026-11-27T00:00:00.000Z',
      periodEnd: '2027-11-27T00:00:00.000Z',
      next: null,
      setupFeePaid: true,
    },
    payments: [anOrder()],
    changes: [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        action: 'purchase',
        fromPlanId: 'starter',
        toPlanId: 'business',
        amountCents: 1053_20,
        byUser: { id: '00000000-0000-4000-8000-000000000001', displayName: 'Ada Lovelace' },
        at: '2026-11-27T00:00:05.000Z',
      },
    ],
    providers: { card: 'test', paypal: 'test' },
    ...overrides,
  };
}

const seller = {
  name: 'Switchboard Inc.',
  company: 'Switchboard Inc.',
  addressLines: ['1 Main St', 'Springfield'],
  email: 'billing@switchboard.example',
  vatId: null,
};

export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    number: 'SB-2026-000001',
    kind: 'invoice',
    creditForNumber: null,
    orderId: ORDER_ID,
    seller,
    buyer: {
      name: 'Ada Lovelace',
      company: 'Analytical Ltd',
      addressLines: ['12 Engine Row'],
      email: 'ada@example.com',
      vatId: 'GB123456789',
    },
    lines: businessQuote.lines,
    subtotalCents: 1053_20,
    taxRatePercent: 0,
    taxCents: 0,
    totalCents: 1053_20,
    currency: 'USD',
    planId: 'business',
    months: 12,
    periodStart: businessQuote.periodStart,
    periodEnd: businessQuote.periodEnd,
    issuedAt: '2026-11-27T00:00:05.000Z',
    paidAt: '2026-11-27T00:00:05.000Z',
    provider: 'test',
    providerReference: 'test_ch_0001',
    ...overrides,
  };
}

export const usage: Usage = {
  planId: 'business',
  used: 1200,
  quota: 10_000,
  remaining: 8800,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  timeZone: 'UTC',
};
