import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricesResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

export function fetchPrices(): Promise<PricesResponse> {
  return api<PricesResponse>('/api/billing/prices');
}

/** Every plan at every period, priced by the server (`GET /api/billing/prices`, public). */
export const pricesQuery = queryOptions({
  queryKey: ['checkout', 'prices'] as const,
  queryFn: fetchPrices,
  // The table changes with a deployment, not while a page is open.
  staleTime: 10 * 60_000,
});

export function usePrices() {
  return useQuery(pricesQuery);
}
