import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Creates a workspace with the new user as its admin, and signs them in. */
export function register(body: RegisterBody): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
