import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignReview } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

export function fetchCampaignReview(id: string, sampleContactId: string | null): Promise<CampaignReview> {
  return api<CampaignReview>(`/api/campaigns/${encodeURIComponent(id)}/review`, {
    method: 'POST',
    body: sampleContactId ? { sampleContactId } : {},
  });
}

/**
 * The server's review of the draft as saved: recipients, what is left out, segments, quota,
 * duration and what keeps it from starting. Asked again after every save (the key holds the
 * campaign's `updatedAt`); the last answer stays on screen meanwhile.
 */
export function useCampaignReview(campaign: Campaign | undefined, sampleContactId: string | null, enabled = true) {
  return useQuery({
    queryKey: campaignKeys.review(campaign?.id ?? '', campaign?.updatedAt ?? '', sampleContactId),
    queryFn: () => fetchCampaignReview(campaign!.id, sampleContactId),
    enabled: enabled && campaign !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
