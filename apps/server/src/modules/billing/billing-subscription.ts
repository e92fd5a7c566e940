import type { BillingOverview, Subscription } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { OrderRow } from './billing-orders.repository.js';
import { audit, providerOf, providerOrderOf, type BillingContext } from './billing-context.js';

const HISTORY_LIMIT = 100;
import { billingStateOf, toSubscription } from './billing-quotes.js';
import { toBillingChange, toOrder } from './order-view.js';

/** The billing page (overview) and the subscription's own changes: cancel at period end, resume. */
export function createSubscriptions(ctx: BillingContext) {
  const { repo, db } = ctx;

  async function subscription(workspaceId: string): Promise<Subscription> {
    return toSubscription(await billingStateOf(ctx, workspaceId), ctx.clock());
  }

  /** A refund of the paid next period (cancel): through its provider first, then the rows and the credit note. */
  async function refundNext(next: OrderRow) {
    await providerOf(ctx, next.provider).refund({
      ...providerOrderOf(next, null),
      providerPaymentRef: next.providerPaymentRef ?? next.providerRef ?? next.id,
    });
    return next.id;
  }

  return {
    subscription,

    async overview(workspaceId: string): Promise<BillingOverview> {
      const [sub, payments, changes, invoices, members] = await Promise.all([
        subscription(workspaceId),
        repo.payments(workspaceId),
        ctx.workspaces.auditLog.list(workspaceId, 'billing.', HISTORY_LIMIT),
        ctx.invoices.list(workspaceId),
        ctx.users.members.list(workspaceId),
      ]);
      const invoiceOf = new Map(invoices.filter((i) => i.kind === 'invoice').map((i) => [i.orderId, i.id]));
      const nameOf = new Map(members.map((m) => [m.id, m.displayName]));
      return {
        subscription: sub,
        payments: payments.map((row) => toOrder(row, row.status === 'paid' ? (invoiceOf.get(row.id) ?? null) : null)),
        changes: changes.flatMap((row) => toBillingChange(row, nameOf) ?? []),
        providers: { card: ctx.providers.card.id, paypal: ctx.providers.paypal.id },
      };
    },

    /**
     * Cancels at the period's end (the workspace then returns to starter). A next period already
     * paid is refunded through its provider and gets a credit note. 409 unless a period runs.
     */
    async cancel(workspaceId: string, userId: string): Promise<Subscription> {
      const now = ctx.clock();
      const before = await billingStateOf(ctx, workspaceId);
      const sub = before.subscription;
      if (!sub || sub.status !== 'active' || !sub.periodEnd || sub.periodEnd <= now)
        throw new AppError('BILLING_STATE_CONFLICT', 'There is no running paid period to cancel.');
      const refundedId = before.next?.status === 'paid' ? await refundNext(before.next) : null;
      await db.transaction(async (tx) => {
        await ctx.workspaces.lock(workspaceId, tx);
        const state = await billingStateOf(ctx, workspaceId, tx);
        if (state.subscription?.status !== 'active')
          throw new AppError('BILLING_STATE_CONFLICT', 'The subscription is already being canceled.');
        if (refundedId && state.next?.id === refundedId) {
          const refunded = await repo.updateOrder(refundedId, { status: 'refunded', refundedAt: now }, tx);
          await audit(
            ctx,
            {
              workspaceId,
              userId,
              change: 'refund',
              details: { from: refunded!.planId, to: null, amountCents: -refunded!.totalCents, orderId: refundedId },
            },
            tx,
          );
          await ctx.invoices.onRefunded(tx, refunded!);
        }
        await repo.saveSubscription(workspaceId, { status: 'canceling', nextOrderId: null }, tx);
        await audit(
          ctx,
          {
            workspaceId,
            userId,
            change: 'cancel',
            details: { from: state.planId, to: 'starter', amountCents: null, orderId: null },
          },
          tx,
        );
      });
      return subscription(workspaceId);
    },

    /** Takes a cancellation back while the period still runs; 409 otherwise. */
    async resume(workspaceId: string, userId: string): Promise<Subscription> {
      const now = ctx.clock();
      await db.transaction(async (tx) => {
        await ctx.workspaces.lock(workspaceId, tx);
        const state = await billingStateOf(ctx, workspaceId, tx);
        const sub = state.subscription;
        if (sub?.status !== 'canceling' || !sub.periodEnd || sub.periodEnd <= now)
          throw new AppError('BILLING_STATE_CONFLICT', 'There is no cancellation to take back.');
        await repo.saveSubscription(workspaceId, { status: 'active' }, tx);
        await audit(
          ctx,
          {
            workspaceId,
            userId,
            change: 'resume',
            details: { from: null, to: state.planId, amountCents: null, orderId: null },
          },
          tx,
        );
      });
      return subscription(workspaceId);
    },
  };
}
