import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKeyResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

/** Creates a key; the answer's `secret` is the only time the whole secret is ever seen. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKeyResponse> {
  return api<CreatedApiKeyResponse>('/api/api-keys', { method: 'POST', body });
}

/** The new key goes first into the cached list (newest first); the secret never enters the cache. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ apiKey }) => {
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) => (keys ? [apiKey, ...keys] : keys));
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() });
    },
  });
}
