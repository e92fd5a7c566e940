import type {
  BillingPeriod,
  InvoiceParty,
  OrderKind,
  OrderStatus,
  PaymentMethod,
  PaymentProviderId,
  PlanId,
  Quote,
  QuoteLine,
} from '@switchboard/contract';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * The workspace's prepaid subscription (module billing). The plan in force stays
 * `workspaces.plan_id` (what the quota reads); this row says which period was paid for.
 * No row (or status `none`): the starter fallback with no paid period.
 */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  status: text('status').$type<'none' | 'active' | 'canceling'>().notNull().default('none'),
  months: integer('months').$type<BillingPeriod>(),
  /** The paid order the current period came from (its amount is what an upgrade credits). */
  orderId: uuid('order_id'),
  periodStart: timestamp('period_start', { withTimezone: true }),
  periodEnd: timestamp('period_end', { withTimezone: true }),
  /** A renewal or downgrade already paid for: starts at period_end. */
  nextOrderId: uuid('next_order_id'),
  /** Set once a setup fee was paid: no later purchase is charged one. */
  setupFeePaidAt: timestamp('setup_fee_paid_at', { withTimezone: true }),
  /** The period end the 7-day / 1-day reminders were sent for (each once per period). */
  reminder7SentFor: timestamp('reminder_7_sent_for', { withTimezone: true }),
  reminder1SentFor: timestamp('reminder_1_sent_for', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What an anonymous checkout keeps until the payment succeeds (then the account is made; then cleared). */
export interface PendingSignUp {
  firstName: string;
  lastName: string;
  company: string;
  mobile: string;
  email: string;
  passwordHash: string;
}

/**
 * An order = one payment attempt for one quote. Anonymous orders have no workspace until paid.
 * Amounts come only from the server's quote.
 */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who started it (null for an anonymous visitor until the account exists). */
    userId: uuid('user_id'),
    kind: text('kind').$type<OrderKind>().notNull(),
    planId: text('plan_id').$type<PlanId>().notNull(),
    months: integer('months').$type<BillingPeriod>().notNull(),
    quote: jsonb('quote').$type<Quote>().notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    method: text('method').$type<PaymentMethod>().notNull(),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    /** Stripe Checkout session id / PayPal order id / the test provider's id. */
    providerRef: text('provider_ref'),
    /** Stripe payment intent / PayPal capture id: what a refund names. */
    providerPaymentRef: text('provider_payment_ref'),
    redirectUrl: text('redirect_url'),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** Scopes the client's idempotency key: the workspace id, or the e-mail of an anonymous sign-up. */
    idempotencyScope: text('idempotency_scope').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the anonymous order's claim token (confirm, sign in once). */
    claimTokenHash: text('claim_token_hash'),
    /** Set when the claim token signed the new admin in: it never does again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    signUp: jsonb('sign_up').$type<PendingSignUp>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('billing_orders_idempotency_idx').on(t.idempotencyScope, t.idempotencyKey),
    uniqueIndex('billing_orders_provider_ref_idx').on(t.provider, t.providerRef),
    index('billing_orders_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** Provider webhook events already handled: the same event delivered twice acts once. */
export const billingProviderEvents = pgTable(
  'billing_provider_events',
  {
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Gapless invoice numbers per calendar year: incremented in the transaction that issues one. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** Invoices and credit notes, frozen when issued (later changes of names or prices do not alter them). */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    creditForInvoiceId: uuid('credit_for_invoice_id'),
    orderId: uuid('order_id').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxRatePercent: numeric('tax_rate_percent', { mode: 'number' }).notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    planId: text('plan_id').$type<PlanId>().notNull(),
    months: integer('months').$type<BillingPeriod>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    provider: text('provider').$type<PaymentProviderId>().notNull(),
    providerReference: text('provider_reference'),
  },
  (t) => [
    index('invoices_workspace_idx').on(t.workspaceId, t.issuedAt),
    // One invoice per paid order, one credit note per refund of it.
    uniqueIndex('invoices_order_kind_idx').on(t.orderId, t.kind),
  ],
);

/** The workspace's billing details printed on its invoices (buyer): set at checkout, editable later. */
export const billingProfiles = pgTable('billing_profiles', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  company: text('company'),
  email: text('email'),
  addressLines: text('address_lines').array().notNull().default([]),
  vatId: text('vat_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
