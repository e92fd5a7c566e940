import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingProfile } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { billingKeys } from './overview';

const profileKey = [...billingKeys.all, 'profile'] as const;

export function fetchBillingProfile(): Promise<BillingProfile> {
  return api<BillingProfile>('/api/billing/profile');
}

export const billingProfileQuery = queryOptions({ queryKey: profileKey, queryFn: fetchBillingProfile });

/** The buyer's details printed on new invoices (`GET /api/billing/profile`, admins). */
export function useBillingProfile() {
  return useQuery(billingProfileQuery);
}

/** Saves them (`PUT /api/billing/profile`); invoices already issued keep the details they were issued with. */
export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: BillingProfile) =>
      api<BillingProfile>('/api/billing/profile', { method: 'PUT', body: profile }),
    onSuccess: (saved) => queryClient.setQueryData(profileKey, saved),
  });
}
