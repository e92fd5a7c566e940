import { AuthMessages, type Workspace } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { OrderRow } from './billing-orders.repository.js';
import { billingStateOf, runningPeriod } from './billing-quotes.js';
import { audit, emailTaken, providerOf, type BillingContext } from './billing-context.js';
import { periodEndOf } from './pricing.js';

/** An anonymous order's e-mail was registered meanwhile: the payment is refunded (activate's caller). */
export class EmailTakenError extends Error {}

export interface Activated {
  order: OrderRow;
  /** The workspace whose plan changed: announced after the commit. */
  workspace: Workspace | null;
}

/** The anonymous buyer's account, made when the payment succeeded: workspace, admin, registration, profile. */
async function createAccount(ctx: BillingContext, order: OrderRow, tx: Db) {
  const signUp = order.signUp;
  if (!signUp) throw new Error(`order ${order.id} has neither a workspace nor a sign-up`);
  if (await emailTaken(ctx, signUp.email, tx)) throw new EmailTakenError();
  const registration = {
    displayName: `${signUp.firstName} ${signUp.lastName}`,
    email: signUp.email,
    company: signUp.company,
    mobile: signUp.mobile,
    plan: order.planId,
    billingPeriod: order.months,
  };
  const workspace = await ctx.workspaces.create(signUp.company, tx, 'starter', registration);
  const user = await ctx.users.insert(
    {
      workspaceId: workspace.id,
      email: signUp.email,
      displayName: registration.displayName,
      passwordHash: signUp.passwordHash,
      role: 'admin',
      company: signUp.company,
      mobile: signUp.mobile,
    },
    tx,
  );
  await ctx.invoices.saveProfile(
    workspace.id,
    { name: registration.displayName, company: signUp.company, email: signUp.email, addressLines: [], vatId: null },
    tx,
  );
  return { workspaceId: workspace.id, userId: user.id };
}

/**
 * Applies a payment to its order, once: `pending → paid` on the row (a second caller gets null);
 * an anonymous order's account is made; then the subscription changes (new/upgrade: a period
 * starting now and the plan in force; renewal/downgrade: the next period), the audit row and the
 * invoice (`onPaid`), all in `tx`. Throws EmailTakenError (the caller refunds) when a new
 * account's address was taken meanwhile.
 */
export async function activate(
  ctx: BillingContext,
  order: OrderRow,
  providerPaymentRef: string,
  tx: Db,
): Promise<Activated | null> {
  const now = ctx.clock();
  let paid = await ctx.repo.settlePending(order.id, { status: 'paid', paidAt: now, providerPaymentRef }, tx);
  if (!paid) return null;
  if (!paid.workspaceId) {
    const account = await createAccount(ctx, paid, tx);
    paid = (await ctx.repo.updateOrder(paid.id, { ...account, signUp: null }, tx))!;
  } else {
    await ctx.workspaces.lock(paid.workspaceId, tx);
  }
  const workspaceId = paid.workspaceId!;
  const state = await billingStateOf(ctx, workspaceId, tx);
  const from = order.workspaceId ? state.planId : null;
  const setupFeePaid = paid.quote.lines.some((line) => line.kind === 'setup_fee');
  const setupFeePaidAt = state.subscription?.setupFeePaidAt ?? (setupFeePaid ? now : null);
  let workspace: Workspace | null = null;
  const startsNow = paid.kind === 'new' || paid.kind === 'upgrade' || !runningPeriod(state, now);
  if (startsNow) {
    // The period starts when it is paid (a provider's webhook may come later than the quote).
    const periodEnd = periodEndOf(now, paid.months);
    paid = (await ctx.repo.updateOrder(
      paid.id,
      { quote: { ...paid.quote, periodStart: now.toISOString(), periodEnd: periodEnd.toISOString() } },
      tx,
    ))!;
    await ctx.repo.saveSubscription(
      workspaceId,
      {
        status: 'active',
        months: paid.months,
        orderId: paid.id,
        periodStart: now,
        periodEnd,
        nextOrderId: null,
        setupFeePaidAt,
        reminder7SentFor: null,
        reminder1SentFor: null,
      },
      tx,
    );
    workspace = await ctx.workspaces.changePlanIn(workspaceId, paid.planId, paid.userId, tx);
  } else {
    // Buying the next period also takes back a cancellation.
    await ctx.repo.saveSubscription(workspaceId, { status: 'active', nextOrderId: paid.id, setupFeePaidAt }, tx);
  }
  await audit(
    ctx,
    {
      workspaceId,
      userId: paid.userId,
      change: paid.kind === 'new' ? 'purchase' : paid.kind,
      details: { from, to: paid.planId, amountCents: paid.totalCents, orderId: paid.id },
    },
    tx,
  );
  await ctx.invoices.onPaid(tx, paid);
  return { order: paid, workspace };
}

/** Refunds a paid-but-unusable anonymous order (its e-mail was taken meanwhile) and answers 409. */
export async function refundTakenEmail(ctx: BillingContext, order: OrderRow, providerPaymentRef: string) {
  await providerOf(ctx, order.provider).refund({
    id: order.id,
    totalCents: order.totalCents,
    currency: 'USD',
    description: 'Refund: the e-mail address is already registered',
    method: order.method,
    email: order.signUp?.email ?? null,
    providerPaymentRef,
  });
  await ctx.repo.settlePending(order.id, {
    status: 'refunded',
    providerPaymentRef,
    refundedAt: ctx.clock(),
    failureReason: AuthMessages.emailInUse,
  });
  return new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
}
