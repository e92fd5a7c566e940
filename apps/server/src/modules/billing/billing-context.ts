import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingProfile, Invoice, PaymentMethod, PaymentProviderId } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import type { IssuedSession } from '../auth/auth.service.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { createBillingOrdersRepository, OrderRow } from './billing-orders.repository.js';
import type { createBillingSubscriptionsRepository } from './billing-subscriptions.repository.js';

export type BillingRepository = ReturnType<typeof createBillingOrdersRepository> &
  ReturnType<typeof createBillingSubscriptionsRepository>;
import type { PaymentProviders } from './providers/index.js';
import type { PaymentProvider, ProviderOrder } from './providers/payment-provider.js';

/** The payment provider of each method (providers/index.ts chooses Stripe, PayPal or the test one). */
export type { PaymentProviders };

export interface BillingDeps {
  db: Db;
  workspaces: WorkspacesService;
  users: UsersService;
  /** Signs a user in (auth's sessions.start): a paid anonymous checkout's new admin. */
  startSession(user: UserRow, rememberMe: boolean, userAgent?: string): Promise<IssuedSession>;
  mailer: Mailer;
  providers: PaymentProviders;
  taxRatePercent: number;
  /** Where providers send the buyer back, and the reminders' links. */
  publicUrl: string;
  /** Derives anonymous orders' claim tokens (the JWT secret). */
  claimSecret: string;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
  invoices: BillingInvoices;
}

/** What billing needs of the invoices module (billing/invoices: createInvoices). */
export interface BillingInvoices {
  /** In the paying transaction, after the order is paid and applied: issues the invoice. */
  onPaid(tx: Db, order: OrderRow): Promise<void>;
  /** In the refunding transaction: issues the credit note. */
  onRefunded(tx: Db, order: OrderRow): Promise<void>;
  /** The buyer's details on invoices: a new account's, saved in its paying transaction. */
  saveProfile(workspaceId: string, profile: BillingProfile, tx?: Db): Promise<unknown>;
  /** The workspace's invoices (a paid order shows its invoice's id). */
  list(workspaceId: string): Promise<Array<Pick<Invoice, 'id' | 'orderId' | 'kind'>>>;
}

/** What the billing use cases share. */
export interface BillingContext extends BillingDeps {
  repo: BillingRepository;
  clock: () => Date;
}

/** The signed-in admin buying for their workspace. */
export interface BillingCaller {
  workspaceId: string;
  userId: string;
}

export const providerFor = (ctx: BillingContext, method: PaymentMethod): PaymentProvider => ctx.providers[method];

/** The provider that took an order (its id was stored); 502 when it is no longer configured. */
export function providerOf(ctx: BillingContext, id: PaymentProviderId): PaymentProvider {
  const provider = [ctx.providers.card, ctx.providers.paypal].find((p) => p.id === id);
  if (!provider)
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', `The payment provider ${id} is not configured any more.`);
  return provider;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a provider is told about an order (amounts only from the stored quote). */
export function providerOrderOf(order: OrderRow, email: string | null): ProviderOrder {
  const months = order.months === 1 ? '1 month' : `${order.months} months`;
  return {
    id: order.id,
    totalCents: order.totalCents,
    currency: 'USD',
    description: `Switchboard ${capitalised(order.planId)} plan, ${months}`,
    method: order.method,
    email: email ?? order.signUp?.email ?? null,
  };
}

/**
 * An anonymous order's claim token: derived from the order id with the server's secret, so a
 * retried start (same idempotency key) answers the same token; only its SHA-256 is stored.
 */
export function claimTokenOf(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`billing-claim:${orderId}`).digest('base64url');
}

/** One billing change in the workspace's audit log (`billing.<change>`, details `{ from, to, amountCents, orderId }`). */
export async function audit(
  ctx: BillingContext,
  entry: {
    workspaceId: string;
    userId: string | null;
    change: string;
    details: { from: string | null; to: string | null; amountCents: number | null; orderId: string | null };
  },
  tx: Db,
): Promise<void> {
  await ctx.workspaces.auditLog.record(
    { workspaceId: entry.workspaceId, userId: entry.userId, action: `billing.${entry.change}`, details: entry.details },
    tx,
  );
}

/** Whether an account has this address (in `tx` when given: the embedded database serialises transactions). */
export async function emailTaken(ctx: BillingContext, email: string, tx?: Db): Promise<boolean> {
  return !!(await ctx.users.findByEmail(email, tx));
}

/** The id of a paid order's invoice, or null. */
export async function invoiceIdOf(ctx: BillingContext, order: OrderRow): Promise<string | null> {
  if (order.status !== 'paid' || !order.workspaceId) return null;
  const invoices = await ctx.invoices.list(order.workspaceId);
  return invoices.find((i) => i.orderId === order.id && i.kind === 'invoice')?.id ?? null;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
