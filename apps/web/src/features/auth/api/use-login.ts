import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Spec §7: a wrong e-mail or password answers 200 with `{ error }` instead of `{ userData }`. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api<LoginResponse>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
