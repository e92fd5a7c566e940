import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, AuthMessages } from './auth.js';
import { PLAN_IDS, type PlanId } from './plans.js';
import { PlanIdSchema } from './usage.js';

/**
 * Billing (issue 16, DESIGN §2 "Billing"): the one price table. The server computes every amount
 * from it (`GET /api/billing/prices`, quotes); the browser only shows what the server answered.
 * Amounts are integer US cents.
 */
export const BILLING_CURRENCY = 'USD';

export const MONTHLY_PRICE_CENTS: Readonly<Record<PlanId, number>> = {
  starter: 19_00,
  business: 79_00,
  pro: 249_00,
  unlimited: 599_00,
};

export const BILLING_PERIODS = [1, 3, 6, 12] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Whole percent off the plan's price for a prepaid period (DESIGN fixes this one table). */
export const PERIOD_DISCOUNT_PERCENT: Readonly<Record<BillingPeriod, number>> = { 1: 0, 3: 0, 6: 5, 12: 10 };

export function isBillingPeriod(value: number): value is BillingPeriod {
  return (BILLING_PERIODS as readonly number[]).includes(value);
}

export const BillingPeriodSchema = z
  .union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)])
  .describe('Prepaid months: 1, 3, 6 or 12.');

/** Query strings carry the period as text. */
export const BillingPeriodQuerySchema = z.coerce
  .number()
  .pipe(BillingPeriodSchema)
  .describe('Prepaid months: 1, 3, 6 or 12.');

const cents = z.number().int().describe('US cents.');

/** `GET /api/billing/prices` (public): every plan at every period, computed on the server. */
export const PlanPriceSchema = z.object({
  months: BillingPeriodSchema,
  discountPercent: z.number().int().describe('Percent off for this period (0, 0, 5, 10).'),
  /** monthly price × months */
  listCents: cents.describe('Monthly price × months, before the discount.'),
  discountCents: cents.describe('The discount in cents (≥ 0).'),
  /** list − discount; the setup fee is not included. */
  totalCents: cents.describe('What the period costs, without a setup fee.'),
  perMonthCents: cents.describe('totalCents / months, rounded to cents (for display).'),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

export const PricedPlanSchema = z.object({
  planId: PlanIdSchema,
  monthlyPriceCents: cents,
  monthlySmsQuota: z.number().int().nullable().describe('SMS segments a month; null = unlimited.'),
  setupFeeCents: cents.nullable().describe('Once, on the first purchase of a plan with one; null = none.'),
  whatsapp: z.boolean(),
  multipleNumbers: z.boolean(),
  controlPanel: z.boolean(),
  developerApi: z.boolean(),
  prices: z.array(PlanPriceSchema).describe('One entry per billing period, in the order 1, 3, 6, 12.'),
});
export type PricedPlan = z.infer<typeof PricedPlanSchema>;

export const PricesResponseSchema = z.object({
  currency: z.literal(BILLING_CURRENCY),
  taxRatePercent: z.number().describe('Tax added to every invoice (the TAX_RATE_PERCENT setting, default 0).'),
  plans: z.array(PricedPlanSchema).describe(`The plans in the order ${PLAN_IDS.join(', ')}.`),
});
export type PricesResponse = z.infer<typeof PricesResponseSchema>;

/**
 * What a purchase does to the workspace:
 * - `new`: no paid period running (a new account, or a workspace on the free fallback): starts now.
 * - `upgrade`: a dearer plan while a period runs: starts now, the unused part of the old one is credited.
 * - `renewal`: the same plan again: the new period starts when the current one ends.
 * - `downgrade`: a cheaper plan: starts when the current period ends.
 */
export const ORDER_KINDS = ['new', 'upgrade', 'renewal', 'downgrade'] as const;
export const OrderKindSchema = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof OrderKindSchema>;

export const QUOTE_LINE_KINDS = ['plan', 'discount', 'setup_fee', 'proration_credit', 'tax'] as const;
export const QuoteLineSchema = z.object({
  kind: z.enum(QUOTE_LINE_KINDS),
  /** English text for the invoice; the web shows its own words by `kind`. */
  description: z.string(),
  amountCents: cents.describe('Negative for the discount and the proration credit.'),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** An order summary: every line and the total (always computed on the server). */
export const QuoteSchema = z.object({
  planId: PlanIdSchema,
  months: BillingPeriodSchema,
  kind: OrderKindSchema,
  currency: z.literal(BILLING_CURRENCY),
  lines: z.array(QuoteLineSchema).describe('Plan × period, then discount, setup fee, proration credit, tax.'),
  subtotalCents: cents.describe('Sum of the lines before tax.'),
  taxRatePercent: z.number().describe('The tax rate the quote was made with (TAX_RATE_PERCENT then).'),
  taxCents: cents,
  totalCents: cents.describe('What is charged now (never below 0).'),
  periodStart: z.iso.datetime().describe('When the bought period begins.'),
  periodEnd: z.iso.datetime().describe('When it ends: the next renewal date.'),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** `GET /api/billing/quote?plan=&period=`: anonymous (a new account) or an admin's workspace. */
export const QuoteQuerySchema = z.object({ plan: PlanIdSchema, period: BillingPeriodQuerySchema });
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal'] as const;
export const PaymentProviderIdSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderId = z.infer<typeof PaymentProviderIdSchema>;

/** Spec §3 checkout fields; the password follows the register rules. Only for an anonymous visitor. */
export const CheckoutAccountSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'Please enter your first name.' }).max(100),
  lastName: z.string().trim().min(1, { error: 'Please enter your last name.' }).max(100),
  company: z.string().trim().min(1, { error: 'Please enter your company.' }).max(200),
  mobile: z.string().trim().min(5, { error: 'Please enter your mobile number.' }).max(40),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid e-mail address.' }).max(254)),
  password: z
    .string({ error: 'Please enter a password.' })
    .min(PASSWORD_MIN_LENGTH, { error: AuthMessages.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH),
});
export type CheckoutAccount = z.infer<typeof CheckoutAccountSchema>;

/**
 * `POST /api/billing/checkout`: starts an order. Any price in the body is ignored (the server
 * quotes). `account` is required without a session and refused with one. `idempotencyKey`
 * (the page makes one per order attempt) turns a double click into the same order.
 */
export const StartCheckoutBodySchema = z.object({
  planId: PlanIdSchema,
  months: BillingPeriodSchema,
  method: PaymentMethodSchema,
  account: CheckoutAccountSchema.optional(),
  idempotencyKey: z.string().min(8).max(100),
});
export type StartCheckoutBody = z.infer<typeof StartCheckoutBodySchema>;

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  status: OrderStatusSchema,
  kind: OrderKindSchema,
  planId: PlanIdSchema,
  months: BillingPeriodSchema,
  method: PaymentMethodSchema,
  provider: PaymentProviderIdSchema,
  quote: QuoteSchema,
  /** The provider's words when a payment was declined or failed (e.g. "Your card was declined."). */
  failureReason: z.string().nullable(),
  /** Stripe Checkout or PayPal approval page; null for the test provider (the page shows its form). */
  redirectUrl: z.string().nullable(),
  invoiceId: z.uuid().nullable().describe('The invoice of a paid order.'),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * Answer of checkout calls. `claimToken` (anonymous orders only, returned once by the start
 * call): proves the browser that started the order, to confirm it and to sign in once it is paid.
 */
export const OrderResponseSchema = z.object({ order: OrderSchema, claimToken: z.string().optional() });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** Test provider only: the card or the PayPal decision the test page sends. Never stored. */
export const TestPaymentSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('card'),
    number: z
      .string()
      .max(30)
      .describe('Test numbers only: 4242…4242 succeeds, 4000…0002 declined, 4000…9995 insufficient funds.'),
    expiry: z.string().max(7).describe('MM/YY, in the future.'),
    cvc: z.string().regex(/^\d{3,4}$/),
  }),
  z.object({ method: z.literal('paypal'), decision: z.enum(['approve', 'cancel']) }),
]);
export type TestPayment = z.infer<typeof TestPaymentSchema>;

/**
 * `POST /api/billing/checkout/:id/confirm`. Test provider: `test` is required. PayPal: after the
 * buyer approved on PayPal (the return page sends it; the server captures). Stripe: not used —
 * only the signed webhook activates. `claimToken` for anonymous orders.
 */
export const ConfirmCheckoutBodySchema = z.object({
  claimToken: z.string().max(200).optional(),
  test: TestPaymentSchema.optional(),
});
export type ConfirmCheckoutBody = z.infer<typeof ConfirmCheckoutBodySchema>;

/** `GET /api/billing/checkout/:id?claimToken=` */
export const OrderQuerySchema = z.object({ claimToken: z.string().max(200).optional() });

/** `POST /api/billing/checkout/:id/session`: an anonymous, paid order signs its new admin in (once). */
export const ClaimSessionBodySchema = z.object({ claimToken: z.string().min(1).max(200) });

export const SUBSCRIPTION_STATUSES = ['none', 'active', 'canceling'] as const;
export const SubscriptionSchema = z.object({
  planId: PlanIdSchema.describe('The plan in force (starter on the free fallback).'),
  status: z
    .enum(SUBSCRIPTION_STATUSES)
    .describe('none: no paid period (starter fallback); active; canceling: ends at periodEnd and returns to starter.'),
  months: BillingPeriodSchema.nullable(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  /** A renewal or downgrade already paid for, starting at periodEnd. */
  next: z.object({ planId: PlanIdSchema, months: BillingPeriodSchema, orderId: z.uuid() }).nullable(),
  setupFeePaid: z.boolean().describe('A setup fee was paid once: later purchases have none.'),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** What a recorded billing change did (`billing.<action>` in the workspace's audit log). */
export const BILLING_CHANGE_ACTIONS = [
  'purchase',
  'upgrade',
  'renewal',
  'downgrade',
  'cancel',
  'resume',
  'period_started',
  'expired',
  'refund',
] as const;

/** A recorded billing change (who, when, from, to, amount). */
export const BillingChangeSchema = z.object({
  id: z.uuid(),
  action: z.enum(BILLING_CHANGE_ACTIONS),
  fromPlanId: PlanIdSchema.nullable(),
  toPlanId: PlanIdSchema.nullable(),
  amountCents: cents.nullable(),
  /** Null for the system (the period-end job, a provider's webhook). */
  byUser: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
  at: z.iso.datetime(),
});
export type BillingChange = z.infer<typeof BillingChangeSchema>;

/** `GET /api/billing` (admins): the billing page. */
export const BillingOverviewSchema = z.object({
  subscription: SubscriptionSchema,
  payments: z.array(OrderSchema).describe('Paid, failed and refunded orders, newest first (at most 100).'),
  changes: z.array(BillingChangeSchema).describe('Newest first (at most 100).'),
  providers: z.object({ card: PaymentProviderIdSchema, paypal: PaymentProviderIdSchema }),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** Invoices (`/api/invoices`, admins of the workspace only). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

export const InvoicePartySchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  addressLines: z.array(z.string()),
  email: z.string().nullable(),
  vatId: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof InvoicePartySchema>;

export const InvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string().describe('Sequential without gaps: SB-2026-000001.'),
  kind: z.enum(INVOICE_KINDS),
  /** For a credit note: the invoice it refunds. */
  creditForNumber: z.string().nullable(),
  orderId: z.uuid(),
  seller: InvoicePartySchema,
  buyer: InvoicePartySchema,
  lines: z.array(QuoteLineSchema),
  subtotalCents: cents,
  taxRatePercent: z.number(),
  taxCents: cents,
  totalCents: cents.describe('Negative for a credit note.'),
  currency: z.literal(BILLING_CURRENCY),
  planId: PlanIdSchema,
  months: BillingPeriodSchema,
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  issuedAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  provider: PaymentProviderIdSchema,
  providerReference: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceListResponseSchema = z.object({ invoices: z.array(InvoiceSchema) });
export const InvoiceResponseSchema = z.object({ invoice: InvoiceSchema });

/** `GET`/`PUT /api/billing/profile` (admins): the buyer's details printed on new invoices. */
export const BillingProfileSchema = z.object({
  name: z.string().trim().min(1).max(200),
  company: z.string().trim().max(200).nullable(),
  email: z.email().max(254).nullable(),
  addressLines: z
    .array(z.string().trim().max(200))
    .max(6)
    .describe('Line 1, line 2, post code and city, state, country.'),
  vatId: z.string().trim().max(40).nullable().describe('Optional VAT id, printed on invoices.'),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;
