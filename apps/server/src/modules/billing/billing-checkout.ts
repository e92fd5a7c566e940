import type { ConfirmCheckoutBody, OrderResponse } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import type { OrderRow } from './billing-orders.repository.js';
import {
  invoiceIdOf,
  providerOf,
  providerOrderOf,
  type BillingCaller,
  type BillingContext,
} from './billing-context.js';
import { checkQuote, settlePayment, settleRefusal } from './billing-settle.js';
import { toOrder } from './order-view.js';

/** Who may read or confirm an order: the admin of its workspace, or the browser holding its claim token. */
export interface OrderAccess {
  caller: BillingCaller | null;
  claimToken?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

/** Checkout after the start (billing-start.ts): read an order, confirm its payment, sign the new admin in. */
export function createCheckout(ctx: BillingContext) {
  const { repo } = ctx;
  const view = async (row: OrderRow) => toOrder(row, await invoiceIdOf(ctx, row));

  /** The order if `access` may see it; 404 otherwise (another workspace's order looks like none). */
  async function authorized(id: string, access: OrderAccess): Promise<OrderRow> {
    const row = UUID.test(id) ? await repo.order(id) : undefined;
    if (!row) throw notFound();
    if (access.caller && row.workspaceId === access.caller.workspaceId) return row;
    if (access.claimToken && row.claimTokenHash && row.claimTokenHash === hashToken(access.claimToken)) return row;
    throw notFound();
  }

  return {
    async order(id: string, access: OrderAccess): Promise<OrderResponse> {
      return { order: await view(await authorized(id, access)) };
    },

    /**
     * Pays a pending order: the quote is checked again under the workspace's lock (another order
     * paid meanwhile: this one is canceled, 409, nothing charged), then the provider charges
     * (test, PayPal capture) or reports (Stripe: pending until its webhook).
     */
    async confirm(id: string, body: ConfirmCheckoutBody, caller: BillingCaller | null): Promise<OrderResponse> {
      const row = await authorized(id, { caller, claimToken: body.claimToken });
      if (row.status !== 'pending') return { order: await view(settledAnswer(row)) };
      // Stripe charged on its own page before this call: its webhook decides (billing-settle.ts).
      if (row.workspaceId && row.provider !== 'stripe') await ensureStillQuoted(ctx, row);
      if (!row.providerRef)
        throw new AppError('BILLING_STATE_CONFLICT', 'The payment is still being prepared. Please try again.');
      const provider = providerOf(ctx, row.provider);
      const outcome = await provider.confirm(
        { ...providerOrderOf(row, null), providerRef: row.providerRef },
        { test: body.test },
      );
      if (outcome.status === 'pending') return { order: await view((await repo.order(id))!) };
      if (outcome.status === 'paid')
        return { order: await view(await settlePayment(ctx, row, outcome.providerPaymentRef)) };
      const settled = await settleRefusal(ctx, row, outcome);
      // Paid meanwhile (a webhook of the same order): that answer wins.
      if (settled.status === 'paid') return { order: await view(settled) };
      throw new AppError('PAYMENT_DECLINED', outcome.reason);
    },

    /** An anonymous paid order signs its new admin in, once. */
    async claimSession(id: string, claimToken: string, userAgent?: string) {
      const row = await authorized(id, { caller: null, claimToken });
      if (row.status !== 'paid' || !row.userId)
        throw new AppError('BILLING_STATE_CONFLICT', 'This order is not paid, so there is no account to sign in to.');
      if (!(await repo.claim(id, ctx.clock())))
        throw new AppError('BILLING_STATE_CONFLICT', 'This order already signed its account in. Please sign in.');
      const user = await ctx.users.findById(row.userId);
      if (!user) throw notFound();
      return ctx.startSession(user, true, userAgent);
    },
  };
}

/** A settled order as a repeated confirm answers it: paid as it is; declined 402 with the provider's reason; else 409. */
function settledAnswer(row: OrderRow): OrderRow {
  if (row.status === 'paid' || row.status === 'pending') return row;
  if (row.status === 'failed') throw new AppError('PAYMENT_DECLINED', row.failureReason ?? 'The payment was declined.');
  throw new AppError('BILLING_STATE_CONFLICT', row.failureReason ?? `This order is ${row.status}.`);
}

/** Under the workspace's lock: the stored quote is still what a fresh one charges, else the order is canceled (409). */
async function ensureStillQuoted(ctx: BillingContext, row: OrderRow): Promise<void> {
  const stale = await checkQuote(ctx, row);
  if (stale) throw new AppError('BILLING_STATE_CONFLICT', stale);
}
