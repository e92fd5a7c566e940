import { useQuery } from '@tanstack/react-query';
import type { CampaignThroughput } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** Messages per 10-second bucket and the ETA; polled every 10 s while the campaign sends. */
export function useCampaignThroughput(id: string, live: boolean) {
  return useQuery({
    queryKey: campaignKeys.throughput(id),
    queryFn: ({ signal }) => api<CampaignThroughput>(`/api/campaigns/${encodeURIComponent(id)}/throughput`, { signal }),
    refetchInterval: live ? 10_000 : false,
  });
}
