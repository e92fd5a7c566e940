import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkResponse, UpdateNetworkBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeNetwork } from './network-cache';

export interface UpdateNetworkInput {
  id: string;
  body: UpdateNetworkBody;
}

/** Changes a network; absent fields (and an absent secret) keep their value. */
export function updateNetwork({ id, body }: UpdateNetworkInput): Promise<NetworkResponse> {
  return api<NetworkResponse>(`/api/networks/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNetwork,
    onSuccess: ({ network }) => storeNetwork(queryClient, network),
  });
}
