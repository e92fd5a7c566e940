import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountResponse, UpdateAccountBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { accountKeys } from './account-keys';

export const accountQuery = queryOptions({
  queryKey: accountKeys.account(),
  queryFn: async () => (await api<AccountResponse>('/api/account')).account,
});

/** The caller's own account (`GET /api/account`). */
export function useAccount() {
  return useQuery(accountQuery);
}

/**
 * Keeps what the shell shows of the user (navbar name and avatar, stored userInfo) in step with a
 * changed account at once; the server's `user.updated` arrives too, and says the same.
 */
export function syncSessionUser(account: Account) {
  const current = session.get();
  if (current.status !== 'authenticated') return;
  const { user } = current;
  if (user.displayName === account.displayName && user.photoURL === account.photoURL && user.email === account.email)
    return;
  session.updateUser({ ...user, displayName: account.displayName, photoURL: account.photoURL, email: account.email });
}

/** Stores an account answer and shows it in the shell; an answer without one (204) reloads it. */
export function useStoreAccount() {
  const queryClient = useQueryClient();
  return (answer: AccountResponse | undefined) => {
    if (!answer?.account) return void queryClient.invalidateQueries({ queryKey: accountKeys.account() });
    queryClient.setQueryData(accountKeys.account(), answer.account);
    syncSessionUser(answer.account);
  };
}

/** `PATCH /api/account`: own profile fields. */
export function useUpdateAccount() {
  const store = useStoreAccount();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => api<AccountResponse>('/api/account', { method: 'PATCH', body }),
    onSuccess: store,
  });
}
