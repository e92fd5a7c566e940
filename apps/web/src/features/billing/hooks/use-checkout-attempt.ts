import type { Order, OrderResponse, StartCheckoutBody, TestPayment } from '@switchboard/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { confirmCheckout, startCheckout } from '../api/checkout';
import { storeClaimToken } from '../lib/claim-token-storage';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { leaveFor } from '../lib/leave-for';
import { useFinishOrder } from './use-finish-order';

export type CheckoutRequest = Omit<StartCheckoutBody, 'idempotencyKey'>;

export type CheckoutStage =
  | { step: 'details' }
  /** The test provider's form for a started order (card fields or the test PayPal buttons). */
  | { step: 'pay'; order: Order }
  | { step: 'redirecting' }
  | { step: 'done'; order: Order; signedIn: boolean };

/** Why the last try bought nothing: the provider's words for a decline, else the API's error. */
export type CheckoutProblem =
  { kind: 'declined' | 'canceled'; reason: string | null } | { kind: 'conflict' | 'failed'; error: unknown };

interface Attempt {
  /** One key per attempt: a double click or a retried request answers the same order. */
  key: string;
  request?: CheckoutRequest;
  response?: OrderResponse;
}

/**
 * One checkout: start the order (with the provider's redirect when Stripe or PayPal take over),
 * pay it on the test provider's form, sign a visitor in when it is paid. A declined or cancelled
 * payment spends its order: the next try is a new attempt with a new key.
 */
export function useCheckoutAttempt() {
  const finishOrder = useFinishOrder();
  const attempt = useRef<Attempt>({ key: newIdempotencyKey() });
  // A second click before React re-renders the disabled button must not start a second call.
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [stage, setStage] = useState<CheckoutStage>({ step: 'details' });
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);

  const renew = () => {
    attempt.current = { key: newIdempotencyKey(), request: attempt.current.request };
  };

  const finish = async (response: OrderResponse) => {
    const signedIn = await finishOrder(response.order, response.claimToken);
    setStage({ step: 'done', order: response.order, signedIn });
  };

  /** Starts the order of this attempt (once per key); Stripe and PayPal take over by redirect. */
  const open = async (request: CheckoutRequest): Promise<OrderResponse | null> => {
    // Another plan, period, method or account is another order: a key already sent for the old
    // one (its answer perhaps lost) would be answered with that old order.
    if (attempt.current.request && JSON.stringify(attempt.current.request) !== JSON.stringify(request)) {
      attempt.current = { key: newIdempotencyKey() };
    }
    const current = attempt.current;
    current.request = request;
    current.response ??= await startCheckout({ ...request, idempotencyKey: current.key });
    const { order, claimToken } = current.response;
    if (claimToken) storeClaimToken(order.id, claimToken);
    if (order.redirectUrl) {
      setStage({ step: 'redirecting' });
      leaveFor(order.redirectUrl);
      return null;
    }
    return current.response;
  };

  const settle = async (response: OrderResponse) => {
    const { order } = response;
    if (order.status === 'paid') return finish(response);
    // A cancelled test PayPal payment, or a decline the server answered without an error.
    renew();
    setProblem({ kind: order.status === 'canceled' ? 'canceled' : 'declined', reason: order.failureReason });
  };

  const fail = (error: unknown, { keepOrder = false, canceling = false } = {}) => {
    if (error instanceof ApiError && error.code === 'PAYMENT_DECLINED') {
      renew();
      // The server answers a cancelled PayPal payment like a decline, with PayPal's words.
      setProblem({ kind: canceling ? 'canceled' : 'declined', reason: error.message });
    } else if (error instanceof ApiError && error.code === 'BILLING_STATE_CONFLICT') {
      renew();
      setStage({ step: 'details' });
      setProblem({ kind: 'conflict', error });
    } else {
      // A network failure may have started the order: the same key asks for it again.
      if (!keepOrder) attempt.current.response = undefined;
      setProblem({ kind: 'failed', error });
    }
  };

  const run = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setProblem(null);
    try {
      await work();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }, []);

  /** "Continue to payment". Resolves with the error for the form to show (an e-mail already in use). */
  const begin = (request: CheckoutRequest): Promise<unknown> => {
    let formError: unknown = null;
    return run(async () => {
      try {
        const response = await open(request);
        if (!response) return;
        if (response.order.status === 'paid') await finish(response);
        else setStage({ step: 'pay', order: response.order });
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'EMAIL_IN_USE' || error.code === 'VALIDATION_FAILED')) {
          formError = error;
        } else fail(error);
      }
    }).then(() => formError);
  };

  /** The test provider's payment for this attempt's order (a new order after a decline). */
  const pay = (test: TestPayment) =>
    run(async () => {
      try {
        const request = attempt.current.request;
        if (!request) return;
        const response = await open(request);
        if (!response) return;
        setStage({ step: 'pay', order: response.order });
        const { order, claimToken } = response;
        const confirmed = await confirmCheckout(order.id, { claimToken, test });
        // Only the start answers the claim token; the paid order signs its admin in with it.
        await settle({ ...confirmed, claimToken });
      } catch (error) {
        fail(error, { keepOrder: true, canceling: test.method === 'paypal' && test.decision === 'cancel' });
      }
    });

  /** Back to the details: the started order is left unpaid, the next one gets a new key. */
  const edit = () => {
    attempt.current = { key: newIdempotencyKey() };
    setProblem(null);
    setStage({ step: 'details' });
  };

  return { stage, problem, pending, begin, pay, edit };
}
