import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthProvider, AuthProvidersResponse } from '@switchboard/contract';
import { ApiError, api } from '../../../lib/api-client';

/** The configured identity/social providers; none when the server does not offer the endpoint (404). */
export async function fetchAuthProviders(): Promise<AuthProvider[]> {
  try {
    const { providers } = await api<AuthProvidersResponse>('/api/auth/providers');
    return providers ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const authProvidersQuery = queryOptions({
  queryKey: ['auth', 'providers'] as const,
  queryFn: fetchAuthProviders,
  staleTime: Infinity,
  retry: false,
});

export function useAuthProviders() {
  return useQuery(authProvidersQuery);
}
