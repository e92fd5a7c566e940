import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BillingPeriod, PlanId, Quote } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

export function fetchQuote(planId: PlanId, months: BillingPeriod): Promise<Quote> {
  const query = new URLSearchParams({ plan: planId, period: String(months) });
  return api<Quote>(`/api/billing/quote?${query.toString()}`);
}

/**
 * The order summary the server computes (`GET /api/billing/quote`): for a visitor a new account,
 * for an admin their workspace (upgrade credit, renewal date…). `buyer` (the signed-in user's id
 * or "visitor") keeps one buyer's quote from showing for another after a sign-in.
 */
export function useQuote(planId: PlanId, months: BillingPeriod, buyer: string) {
  return useQuery({
    queryKey: ['checkout', 'quote', buyer, planId, months] as const,
    queryFn: () => fetchQuote(planId, months),
    // The previous choice's summary stays while the next one loads (no jump to a spinner).
    placeholderData: keepPreviousData,
    // A quote of a running period moves by the day (proration): ask again after a while.
    staleTime: 60_000,
    retry: false,
  });
}
