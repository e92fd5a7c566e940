import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Lock screen: checks the signed-in user's password (403 WRONG_PASSWORD when wrong). */
export function unlock(password: string): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/auth/unlock', { method: 'POST', body: { password } });
}

export function useUnlock() {
  return useMutation({ mutationFn: unlock });
}
