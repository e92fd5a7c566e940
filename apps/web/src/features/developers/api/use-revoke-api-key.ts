import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export async function revokeApiKey(id: string): Promise<ApiKey> {
  const { apiKey } = await api<ApiKeyResponse>(`/api/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
  return apiKey;
}

/** Revokes a key (for good); the cached list shows it revoked at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (revoked) =>
      queryClient.setQueryData<ApiKey[]>(apiKeyKeys.list(), (keys) =>
        keys?.map((key) => (key.id === revoked.id ? revoked : key)),
      ),
  });
}
