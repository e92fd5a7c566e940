import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConfirmCheckoutBody, OrderResponse, SessionResponse, StartCheckoutBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Starts an order (`POST /api/billing/checkout`); the same idempotency key answers the same order. */
export function startCheckout(body: StartCheckoutBody): Promise<OrderResponse> {
  return api<OrderResponse>('/api/billing/checkout', { method: 'POST', body });
}

export function fetchOrder(orderId: string, claimToken?: string): Promise<OrderResponse> {
  const query = claimToken ? `?${new URLSearchParams({ claimToken }).toString()}` : '';
  return api<OrderResponse>(`/api/billing/checkout/${encodeURIComponent(orderId)}${query}`);
}

/** Pays a pending order: the test provider's card or PayPal decision, or a PayPal capture. 402 when declined. */
export function confirmCheckout(orderId: string, body: ConfirmCheckoutBody): Promise<OrderResponse> {
  return api<OrderResponse>(`/api/billing/checkout/${encodeURIComponent(orderId)}/confirm`, {
    method: 'POST',
    body,
  });
}

/** An anonymous, paid order signs its new admin in (once). */
export function claimCheckoutSession(orderId: string, claimToken: string): Promise<SessionResponse> {
  return api<SessionResponse>(`/api/billing/checkout/${encodeURIComponent(orderId)}/session`, {
    method: 'POST',
    body: { claimToken },
  });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}

export function useConfirmCheckout() {
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ConfirmCheckoutBody }) => confirmCheckout(orderId, body),
  });
}

export function useClaimCheckoutSession() {
  return useMutation({
    mutationFn: ({ orderId, claimToken }: { orderId: string; claimToken: string }) =>
      claimCheckoutSession(orderId, claimToken),
  });
}

/** How often a return from Stripe asks whether the webhook has activated the order. */
const POLL_MS = 2_000;

/**
 * One order (`GET /api/billing/checkout/:id`). With `poll`, asked again every two seconds while it
 * is pending: Stripe's signed webhook, not the browser's return, marks it paid.
 */
export function useOrder(orderId: string, claimToken: string | undefined, poll: boolean) {
  return useQuery({
    queryKey: ['checkout', 'order', orderId] as const,
    queryFn: () => fetchOrder(orderId, claimToken),
    refetchInterval: (query) => (poll && query.state.data?.order.status === 'pending' ? POLL_MS : false),
    retry: false,
  });
}
