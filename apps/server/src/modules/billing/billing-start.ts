import { randomUUID } from 'node:crypto';
import { AuthMessages, type OrderResponse, type StartCheckoutBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/secure-token.js';
import { hashPassword } from '../auth/password.js';
import type { OrderRow } from './billing-orders.repository.js';
import {
  claimTokenOf,
  emailTaken,
  invoiceIdOf,
  providerFor,
  providerOrderOf,
  type BillingCaller,
  type BillingContext,
} from './billing-context.js';
import { quoteFor } from './billing-quotes.js';
import { toOrder } from './order-view.js';

/** How long a retried start waits for its twin's provider call before answering the order as it is. */
const TWIN_WAIT_MS = 10_000;

/** Checkout's start: the order from the server's quote, idempotent per (scope, key), and the provider's side. */
export function createCheckoutStart(ctx: BillingContext) {
  const { repo } = ctx;
  const view = async (row: OrderRow) => toOrder(row, await invoiceIdOf(ctx, row));

  /** A twin request of a start still calling the provider: wait until it stored the provider's side. */
  async function whenStarted(row: OrderRow): Promise<OrderRow> {
    const deadline = Date.now() + TWIN_WAIT_MS;
    let current = row;
    while (current.status === 'pending' && !current.providerRef && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      current = (await repo.order(row.id)) ?? current;
    }
    return current;
  }

  function scopeOf(body: StartCheckoutBody, caller: BillingCaller | null): string {
    if (caller) {
      if (body.account)
        throw new AppError('VALIDATION_FAILED', 'You are signed in: the purchase is for your workspace.', [
          { path: 'body.account', message: 'Not allowed when signed in' },
        ]);
      return caller.workspaceId;
    }
    if (!body.account)
      throw new AppError('VALIDATION_FAILED', 'Please fill in your account details.', [
        { path: 'body.account', message: 'Required' },
      ]);
    return `email:${body.account.email}`;
  }

  /**
   * Starts an order from the server's own quote (prices in the body are never read). The same
   * idempotency key in the same scope answers the same order (`created` false), also when two
   * requests race: the unique index lets one insert.
   */
  return async function startCheckout(
    body: StartCheckoutBody,
    caller: BillingCaller | null,
  ): Promise<OrderResponse & { created: boolean }> {
    const scope = scopeOf(body, caller);
    const account = body.account;
    const answer = async (row: OrderRow, created: boolean) => ({
      order: await view(row),
      ...(caller ? {} : { claimToken: claimTokenOf(ctx.claimSecret, row.id) }),
      created,
    });
    const earlier = await repo.orderByKey(scope, body.idempotencyKey);
    if (earlier) return answer(await whenStarted(earlier), false);
    if (account && (await emailTaken(ctx, account.email))) throw new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
    const quote = await quoteFor(ctx, body.planId, body.months, caller?.workspaceId ?? null);
    const provider = providerFor(ctx, body.method);
    const id = randomUUID();
    const inserted = await repo.insertOrder({
      id,
      workspaceId: caller?.workspaceId ?? null,
      userId: caller?.userId ?? null,
      kind: quote.kind,
      planId: quote.planId,
      months: quote.months,
      quote,
      totalCents: quote.totalCents,
      method: body.method,
      provider: provider.id,
      idempotencyScope: scope,
      idempotencyKey: body.idempotencyKey,
      claimTokenHash: caller ? null : hashToken(claimTokenOf(ctx.claimSecret, id)),
      signUp: account
        ? {
            firstName: account.firstName,
            lastName: account.lastName,
            company: account.company,
            mobile: account.mobile,
            email: account.email,
            passwordHash: await hashPassword(account.password),
          }
        : null,
    });
    if (!inserted.created) return answer(await whenStarted(inserted.row), false);
    const back = `${ctx.publicUrl}/CheckOut?order=${id}`;
    try {
      const started = await provider.start(providerOrderOf(inserted.row, account?.email ?? null), {
        returnUrl: back,
        cancelUrl: `${back}&canceled=1`,
      });
      const row = await repo.updateOrder(id, { providerRef: started.providerRef, redirectUrl: started.redirectUrl });
      return answer(row!, true);
    } catch (error) {
      ctx.log.warn({ err: error, orderId: id }, 'a payment provider did not start an order');
      await repo.settlePending(id, { status: 'failed', failureReason: 'The payment provider could not be reached.' });
      if (error instanceof AppError) throw error;
      throw new AppError(
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The payment provider could not be reached. Please try again.',
      );
    }
  };
}
