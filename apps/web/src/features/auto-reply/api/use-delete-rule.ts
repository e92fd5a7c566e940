import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetRule } from './auto-reply-cache';

/** Deletes a rule; the replies it sent stay in their conversations. */
export function deleteRule(id: string): Promise<void> {
  return api<void>(`/api/auto-reply/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRule, onSuccess: (_, id) => forgetRule(queryClient, id) });
}
