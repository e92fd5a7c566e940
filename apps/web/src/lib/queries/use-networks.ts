import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Network, NetworksResponse } from '@switchboard/contract';
import { api } from '../api-client';

export async function fetchNetworks(): Promise<Network[]> {
  const { networks } = await api<NetworksResponse>('/api/networks');
  return networks;
}

/**
 * The workspace's networks: the networks feature manages them, the inboxes and auto-reply pick
 * from them, so the query is shared. Its key is `networkKeys.list()` of the networks feature.
 */
export const networksQuery = queryOptions({ queryKey: ['networks', 'list'] as const, queryFn: fetchNetworks });

/** The workspace's networks, kept live by the networks feature's socket events (useNetworkEvents). */
export function useNetworks() {
  return useQuery(networksQuery);
}
