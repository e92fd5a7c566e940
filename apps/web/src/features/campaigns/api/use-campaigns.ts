import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CampaignState } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';
import type { CampaignPage } from './campaigns-cache';

export function fetchCampaignsPage(
  state: CampaignState | null,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CampaignPage> {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<CampaignPage>(`/api/campaigns${query ? `?${query}` : ''}`, { signal });
}

export const campaignsQuery = (state: CampaignState | null) =>
  infiniteQueryOptions({
    queryKey: campaignKeys.list(state),
    queryFn: ({ pageParam, signal }) => fetchCampaignsPage(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The workspace's campaigns, newest first, in keyset pages; optionally of one state. */
export function useCampaigns(state: CampaignState | null) {
  return useInfiniteQuery({ ...campaignsQuery(state), placeholderData: keepPreviousData });
}
