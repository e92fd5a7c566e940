import { useQuery } from '@tanstack/react-query';
import type { NetworkLogEntry, NetworkLogResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function fetchNetworkLogs(id: string): Promise<NetworkLogEntry[]> {
  const { entries } = await api<NetworkLogResponse>(`/api/networks/${encodeURIComponent(id)}/logs`);
  return entries;
}

/** Rejected webhooks and recent errors of a network, newest first. */
export function useNetworkLogs(id: string | null) {
  return useQuery({
    queryKey: networkKeys.logs(id ?? ''),
    queryFn: () => fetchNetworkLogs(id!),
    enabled: Boolean(id),
    staleTime: 10_000,
  });
}
