import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNetworkBody, NetworkResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeNetwork } from './network-cache';

/** Creates a network. An Android network's answer carries its registration, shown once. */
export function createNetwork(body: CreateNetworkBody): Promise<NetworkResponse> {
  return api<NetworkResponse>('/api/networks', { method: 'POST', body });
}

export function useCreateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNetwork,
    onSuccess: ({ network }) => storeNetwork(queryClient, network),
  });
}
