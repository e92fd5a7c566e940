import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingOverview, Subscription } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { invoiceKeys } from './invoices';

/** Query keys of the billing page (prefix `billing-page`; the checkout's queries are its own). */
export const billingKeys = {
  all: ['billing-page'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
};

export function fetchBillingOverview(): Promise<BillingOverview> {
  return api<BillingOverview>('/api/billing');
}

export const billingOverviewQuery = queryOptions({ queryKey: billingKeys.overview(), queryFn: fetchBillingOverview });

/**
 * The workspace's subscription, payments and recorded changes (`GET /api/billing`, admins). Kept
 * live: a payment, a plan change or the period-end job sends `workspace.updated`, which asks for
 * the overview and the invoices again; so does a reconnect (events may have been missed).
 */
export function useBillingOverview() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  };
  useWorkspaceEvents({ 'workspace.updated': refresh }, { onReconnect: refresh, staleOnLeave: billingKeys.all });
  return useQuery(billingOverviewQuery);
}

/** The overview with the subscription the server answered (its payments and changes refetched). */
function useSubscriptionAction(path: '/api/billing/cancel' | '/api/billing/resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Subscription>(path, { method: 'POST' }),
    onSuccess: (subscription) => {
      queryClient.setQueryData<BillingOverview>(billingKeys.overview(), (overview) =>
        overview ? { ...overview, subscription } : overview,
      );
      // The change history (and a refunded next period's credit note) come with the next fetch.
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

/** Cancel at period end (`POST /api/billing/cancel`): the plan runs until periodEnd, then starter. */
export function useCancelSubscription() {
  return useSubscriptionAction('/api/billing/cancel');
}

/** Undo a cancel before the period ends (`POST /api/billing/resume`). */
export function useResumeSubscription() {
  return useSubscriptionAction('/api/billing/resume');
}
