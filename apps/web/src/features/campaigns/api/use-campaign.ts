import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

export async function fetchCampaign(id: string, signal?: AbortSignal): Promise<Campaign> {
  const { campaign } = await api<{ campaign: Campaign }>(`/api/campaigns/${encodeURIComponent(id)}`, { signal });
  return campaign;
}

/** One campaign (the wizard's draft or the report's counts), kept live by useCampaignEvents. */
export function useCampaign(id: string) {
  return useQuery({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => fetchCampaign(id, signal) });
}
