import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeNetwork } from './network-cache';

/**
 * A new registration token for an Android network (shown once). The old token and the paired
 * phone's token stop working: the phone has to be set up again.
 */
export function rotateRegistration(id: string): Promise<NetworkResponse> {
  return api<NetworkResponse>(`/api/networks/${encodeURIComponent(id)}/registration-token`, { method: 'POST' });
}

export function useRotateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateRegistration,
    onSuccess: ({ network }) => storeNetwork(queryClient, network),
  });
}
