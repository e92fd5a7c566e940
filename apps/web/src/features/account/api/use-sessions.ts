import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessions } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

/** The caller's live sessions, current first (`GET /api/account/sessions`). */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: async () => (await api<AccountSessions>('/api/account/sessions')).sessions,
  });
}

/** Signs one session out, or (`'others'`) every session but this one. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others'
        ? api<unknown>('/api/account/sessions/sign-out-others', { method: 'POST' })
        : api<unknown>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
