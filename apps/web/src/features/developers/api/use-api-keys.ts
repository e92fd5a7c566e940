import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiKeysResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { apiKeyKeys } from './api-key-keys';

export async function fetchApiKeys(): Promise<ApiKey[]> {
  const { apiKeys } = await api<ApiKeysResponse>('/api/api-keys');
  return apiKeys;
}

export const apiKeysQuery = queryOptions({ queryKey: apiKeyKeys.list(), queryFn: fetchApiKeys });

/** The workspace's API keys (`GET /api/api-keys`, admins), newest first. */
export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
