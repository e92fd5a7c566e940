import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Always answers ok, whether or not the address has an account (no account discovery). */
export function requestPasswordReset(email: string): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
