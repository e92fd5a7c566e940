import type { Order } from '@switchboard/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { confirmCheckout, useOrder } from '../api/checkout';
import { readClaimToken } from '../lib/claim-token-storage';
import type { CheckoutReturn } from '../lib/checkout-params';
import type { CheckoutProblem } from './use-checkout-attempt';
import { useFinishOrder } from './use-finish-order';

/** How long a return from Stripe waits for the webhook before saying so (it keeps the page). */
export const STRIPE_WAIT_MS = 90_000;

export type ReturnState =
  | { step: 'loading' }
  | { step: 'capturing' }
  | { step: 'waiting'; timedOut: boolean }
  | { step: 'done'; order: Order; signedIn: boolean }
  | { step: 'problem'; problem: CheckoutProblem; order?: Order }
  | { step: 'not-found' };

/**
 * Back from Stripe or PayPal (`/CheckOut?order=<id>&result=return|cancel`): a cancel buys nothing;
 * PayPal's approval is captured here (confirm); Stripe's payment is confirmed by its signed webhook
 * only, so the page asks for the order every two seconds until it is paid. The claim token kept in
 * sessionStorage across the redirect signs a visitor in once the order is paid.
 */
export function useCheckoutReturn({ orderId, result }: CheckoutReturn): {
  state: ReturnState;
  checkAgain: () => void;
} {
  const [claimToken] = useState(() => readClaimToken(orderId));
  const [timedOut, setTimedOut] = useState(false);
  /** What the page's own calls (capture, sign-in) ended with; everything else follows the order. */
  const [outcome, setOutcome] = useState<ReturnState | null>(null);
  const query = useOrder(orderId, claimToken, result === 'return' && !timedOut);
  const finishOrder = useFinishOrder();
  // Capture and sign-in happen once, also under StrictMode's doubled effects.
  const acted = useRef(false);
  const order = query.data?.order;

  useEffect(() => {
    if (!order || acted.current) return;
    const finish = async (paid: Order) => {
      try {
        setOutcome({ step: 'done', order: paid, signedIn: await finishOrder(paid, claimToken) });
      } catch (error) {
        setOutcome({ step: 'problem', problem: { kind: 'failed', error }, order: paid });
      }
    };
    if (order.status === 'paid') {
      acted.current = true;
      void finish(order);
    } else if (order.status === 'pending' && result === 'return' && order.provider === 'paypal') {
      acted.current = true;
      confirmCheckout(order.id, { claimToken }).then(
        (response) =>
          response.order.status === 'paid'
            ? finish(response.order)
            : setOutcome({
                step: 'problem',
                problem: { kind: 'declined', reason: response.order.failureReason },
                order: response.order,
              }),
        (error: unknown) => {
          const declined = error instanceof ApiError && error.code === 'PAYMENT_DECLINED';
          const problem: CheckoutProblem = declined
            ? { kind: 'declined', reason: error.message }
            : { kind: 'failed', error };
          setOutcome({ step: 'problem', problem, order });
        },
      );
    }
  }, [order, result, claimToken, finishOrder]);

  const state = returnState({ outcome, order, error: query.error, result, timedOut });

  // Stripe: the webhook usually arrives within seconds; after the wait the page says so.
  const waiting = state.step === 'waiting' && !timedOut;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setTimedOut(true), STRIPE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const checkAgain = () => {
    setTimedOut(false);
    void query.refetch();
  };

  return { state, checkAgain };
}

/** The page's state from the order as the server answered it and the page's own calls. */
function returnState({
  outcome,
  order,
  error,
  result,
  timedOut,
}: {
  outcome: ReturnState | null;
  order: Order | undefined;
  error: unknown;
  result: CheckoutReturn['result'];
  timedOut: boolean;
}): ReturnState {
  if (outcome) return outcome;
  if (error) {
    return error instanceof ApiError && error.status === 404
      ? { step: 'not-found' }
      : { step: 'problem', problem: { kind: 'failed', error } };
  }
  if (!order || order.status === 'paid') return { step: 'loading' };
  if (order.status !== 'pending') {
    const kind = order.status === 'canceled' ? 'canceled' : 'declined';
    return { step: 'problem', problem: { kind, reason: order.failureReason }, order };
  }
  if (result === 'cancel') return { step: 'problem', problem: { kind: 'canceled', reason: null }, order };
  if (order.provider === 'paypal') return { step: 'capturing' };
  return { step: 'waiting', timedOut };
}
