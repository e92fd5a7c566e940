import { useQuery } from '@tanstack/react-query';
import type { DispatchedOrders } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-keys';

/** How many of the latest dispatched messages and campaigns the table shows. */
export const DISPATCHED_ROWS = 10;

/** The latest outbound messages and campaigns (`GET /api/table/dispatched-orders`, spec §7). */
export function useDispatchedOrders() {
  return useQuery({
    queryKey: analyticsKeys.dispatched(),
    queryFn: ({ signal }) => api<DispatchedOrders>(`/api/table/dispatched-orders?limit=${DISPATCHED_ROWS}`, { signal }),
  });
}
