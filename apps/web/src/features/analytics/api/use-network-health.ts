import { useQuery } from '@tanstack/react-query';
import type { NetworkHealth } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-keys';

/** Every network's state now and its last hour (`GET /api/analytics/health`; not the range's). */
export function useNetworkHealth() {
  return useQuery({
    queryKey: analyticsKeys.health(),
    queryFn: ({ signal }) => api<NetworkHealth>('/api/analytics/health', { signal }),
  });
}
