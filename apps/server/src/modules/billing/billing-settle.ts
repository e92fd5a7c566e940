import { AppError } from '../../lib/app-error.js';
import type { Db } from '../../db/database.js';
import type { OrderRow } from './billing-orders.repository.js';
import { activate, EmailTakenError, refundTakenEmail, type Activated } from './billing-activation.js';
import { emailTaken, providerOf, providerOrderOf, isUniqueViolation, type BillingContext } from './billing-context.js';
import { quoteFor } from './billing-quotes.js';
import type { PaymentOutcome, ProviderEvent } from './providers/payment-provider.js';
import { sameCharge } from './pricing.js';

const STALE = 'The price changed: another change of your plan was paid meanwhile. Please check the new total.';

/**
 * In `tx` under the workspace's lock: null while the order's stored quote still charges what a
 * fresh quote would (or it is no longer pending), else the reason it does not.
 */
async function staleReason(ctx: BillingContext, row: OrderRow, tx: Db): Promise<string | null> {
  await ctx.workspaces.lock(row.workspaceId!, tx);
  const current = await ctx.repo.order(row.id, tx);
  if (current?.status !== 'pending') return null;
  try {
    const fresh = await quoteFor(ctx, row.planId, row.months, row.workspaceId, tx);
    return sameCharge(row.quote, fresh) ? null : STALE;
  } catch (error) {
    if (error instanceof AppError && error.code === 'BILLING_STATE_CONFLICT') return error.message;
    throw error;
  }
}

/** Before charging a workspace's order: a stale one is canceled (nothing charged); answers the reason. */
export async function checkQuote(ctx: BillingContext, row: OrderRow): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const stale = await staleReason(ctx, row, tx);
    if (stale) await ctx.repo.settlePending(row.id, { status: 'canceled', failureReason: stale }, tx);
    return stale;
  });
}

/** After commit: the workspace's browsers hear of the plan in force. */
function announce(ctx: BillingContext, activated: Activated | null | undefined) {
  if (activated?.workspace) ctx.workspaces.announce(activated.workspace);
}

/** Gives back a payment billing will not apply (the order is pending, canceled or failed, never paid). */
async function refund(ctx: BillingContext, row: OrderRow, providerPaymentRef: string, reason: string) {
  await providerOf(ctx, row.provider).refund({ ...providerOrderOf(row, null), providerPaymentRef });
  await ctx.repo.updateOrder(row.id, {
    status: 'refunded',
    providerPaymentRef,
    refundedAt: ctx.clock(),
    failureReason: reason,
  });
}

/**
 * A payment the provider took: activates the order once (a concurrent second confirm finds it
 * paid). A workspace's order whose quote went stale after the charge is refunded (409); an
 * anonymous one whose e-mail was registered meanwhile too (409 EMAIL_IN_USE).
 */
export async function settlePayment(ctx: BillingContext, row: OrderRow, providerPaymentRef: string): Promise<OrderRow> {
  let result: { stale: string | null; activated: Activated | null };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const stale = row.workspaceId ? await staleReason(ctx, row, tx) : null;
      if (stale) return { stale, activated: null };
      return { stale: null, activated: await activate(ctx, row, providerPaymentRef, tx) };
    });
  } catch (error) {
    if (error instanceof EmailTakenError || (!row.workspaceId && isUniqueViolation(error)))
      throw await refundTakenEmail(ctx, row, providerPaymentRef);
    throw error;
  }
  if (result.stale) {
    await refund(ctx, row, providerPaymentRef, result.stale);
    throw new AppError('BILLING_STATE_CONFLICT', `${result.stale} The payment was refunded.`);
  }
  announce(ctx, result.activated);
  return (await ctx.repo.order(row.id))!;
}

/** A declined card or a cancelled PayPal payment: the order fails (or is canceled) with the provider's reason. */
export async function settleRefusal(
  ctx: BillingContext,
  row: OrderRow,
  outcome: Extract<PaymentOutcome, { reason: string }>,
): Promise<OrderRow> {
  const status = outcome.status === 'declined' ? 'failed' : 'canceled';
  const settled = await ctx.repo.settlePending(row.id, { status, failureReason: outcome.reason });
  return settled ?? (await ctx.repo.order(row.id))!;
}

/**
 * A verified provider webhook: recorded once in billing_provider_events (a repeat does
 * nothing) and applied to the order it names, in one transaction.
 */
export async function handleProviderEvent(
  ctx: BillingContext,
  providerId: OrderRow['provider'],
  event: ProviderEvent,
): Promise<void> {
  // A payment billing cannot apply is refunded after the commit (the event stays recorded).
  let toRefund: { row: OrderRow; ref: string; reason: string | null } | null = null;
  const activated = await ctx.db.transaction(async (tx) => {
    if (!(await ctx.repo.recordEvent(providerId, event.eventId, event.type, tx))) return null;
    const outcome = event.outcome;
    if (!event.providerRef || !outcome) return null;
    const row = await ctx.repo.orderByProviderRef(providerId, event.providerRef, tx);
    if (!row) return null;
    if (outcome.status === 'paid' && (row.status === 'canceled' || row.status === 'failed')) {
      toRefund = { row, ref: outcome.providerPaymentRef, reason: row.failureReason ?? 'The order was closed.' };
      return null;
    }
    if (row.status !== 'pending') return null;
    if (outcome.status === 'paid') {
      if (!row.workspaceId && row.signUp && (await emailTaken(ctx, row.signUp.email, tx))) {
        toRefund = { row, ref: outcome.providerPaymentRef, reason: null };
        return null;
      }
      const stale = row.workspaceId ? await staleReason(ctx, row, tx) : null;
      if (stale) {
        toRefund = { row, ref: outcome.providerPaymentRef, reason: stale };
        return null;
      }
      return activate(ctx, row, outcome.providerPaymentRef, tx);
    }
    if (outcome.status === 'declined' || outcome.status === 'canceled')
      await ctx.repo.settlePending(
        row.id,
        { status: outcome.status === 'declined' ? 'failed' : 'canceled', failureReason: outcome.reason },
        tx,
      );
    return null;
  });
  announce(ctx, activated);
  const refunding = toRefund as { row: OrderRow; ref: string; reason: string | null } | null;
  if (!refunding) return;
  if (refunding.reason === null) await refundTakenEmail(ctx, refunding.row, refunding.ref);
  else await refund(ctx, refunding.row, refunding.ref, refunding.reason);
}
