import { useMutation } from '@tanstack/react-query';
import type { AccountResponse, ChangeEmailBody, ChangePasswordBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { useStoreAccount } from './use-account';

/** `POST /api/account/email`: a link goes to the new address; the account shows it as pending. */
export function useChangeEmail() {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      api<AccountResponse | undefined>('/api/account/email', { method: 'POST', body }),
    onSuccess: store,
  });
}

/** `POST /api/account/email/verify` (public): the token from the link. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api<unknown>('/api/account/email/verify', { method: 'POST', body: { token } }),
  });
}

/** `POST /api/account/password`: every other session of the user is signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api<unknown>('/api/account/password', { method: 'POST', body }),
  });
}
