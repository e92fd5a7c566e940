import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  password: string;
}

/** Sets a new password from the e-mailed link; the server signs the user out everywhere. */
export function resetPassword(body: ResetPasswordInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
