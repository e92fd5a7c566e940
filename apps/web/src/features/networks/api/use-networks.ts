import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Network, NetworksResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function fetchNetworks(): Promise<Network[]> {
  const { networks } = await api<NetworksResponse>('/api/networks');
  return networks;
}

export const networksQuery = queryOptions({ queryKey: networkKeys.list(), queryFn: fetchNetworks });

/** The workspace's networks, kept live by socket events (useNetworkEvents). */
export function useNetworks() {
  return useQuery(networksQuery);
}
