import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetNetwork } from './network-cache';

/** Deletes a network with its conversations and messages. */
export function deleteNetwork(id: string): Promise<void> {
  return api<void>(`/api/networks/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNetwork,
    onSuccess: (_answer, id) => forgetNetwork(queryClient, id),
  });
}
