import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorSetup } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

const post = <T>(path: string, body: unknown) => api<T>(`/api/account/two-factor/${path}`, { method: 'POST', body });

/**
 * Two-factor sign-in: `setup` (password → a new secret, off until confirmed), `enable` (a code →
 * the recovery codes, shown once), `disable` and `regenerate` (password and a code). Each one
 * reloads the account, which says whether it is on and how many codes are left.
 */
export function useTwoFactor() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: accountKeys.account() });
  return {
    setup: useMutation({
      mutationFn: (body: { password: string }) => post<TwoFactorSetup>('setup', body),
    }),
    enable: useMutation({
      mutationFn: (body: { code: string }) => post<RecoveryCodes>('enable', body),
      onSettled,
    }),
    disable: useMutation({
      mutationFn: (body: { password: string; code: string }) => post<unknown>('disable', body),
      onSettled,
    }),
    regenerate: useMutation({
      mutationFn: (body: { password: string; code: string }) => post<RecoveryCodes>('recovery-codes', body),
      onSettled,
    }),
  };
}
