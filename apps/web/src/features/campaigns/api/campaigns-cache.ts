import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignProgress } from '@switchboard/contract';
import { campaignKeys } from './campaign-keys';

export interface CampaignPage {
  campaigns: Campaign[];
  nextCursor: string | null;
}
export type CampaignPages = InfiniteData<CampaignPage, string | undefined>;

/** A campaign with a progress event's state and counts; an event about another one changes nothing. */
export function withProgress(campaign: Campaign, progress: CampaignProgress): Campaign {
  if (campaign.id !== progress.campaignId) return campaign;
  return { ...campaign, state: progress.state, counts: progress.counts };
}

/** The list's pages with `change` applied to the campaign of that id; the same object when absent. */
export function patchCampaignPages(
  data: CampaignPages | undefined,
  id: string,
  change: (campaign: Campaign) => Campaign,
): CampaignPages | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.campaigns.some((item) => item.id === id)) return page;
    found = true;
    return { ...page, campaigns: page.campaigns.map((item) => (item.id === id ? change(item) : item)) };
  });
  return found ? { ...data, pages } : data;
}

/**
 * `campaign.updated`: the detail and every list holding it take the new campaign; a campaign the
 * lists do not hold yet (made in another tab) or whose state left a filtered list refetches them.
 */
export function applyCampaignUpdated(queryClient: QueryClient, campaign: Campaign) {
  // Events and answers arrive in any order: an older copy never replaces a newer one.
  const newest = (old: Campaign) => (old.updatedAt > campaign.updatedAt ? old : campaign);
  queryClient.setQueryData<Campaign>(campaignKeys.detail(campaign.id), (old) => (old ? newest(old) : campaign));
  let missing = false;
  for (const [key, data] of queryClient.getQueriesData<CampaignPages>({ queryKey: campaignKeys.lists() })) {
    const next = patchCampaignPages(data, campaign.id, newest);
    if (next === data) missing = true;
    else queryClient.setQueryData(key, next);
  }
  if (missing) void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
}

/** `campaign.progress`: live counts in the detail (the report) and the list rows. */
export function applyCampaignProgress(queryClient: QueryClient, progress: CampaignProgress) {
  queryClient.setQueryData<Campaign>(campaignKeys.detail(progress.campaignId), (old) =>
    old ? withProgress(old, progress) : old,
  );
  queryClient.setQueriesData<CampaignPages>({ queryKey: campaignKeys.lists() }, (data) =>
    patchCampaignPages(data, progress.campaignId, (campaign) => withProgress(campaign, progress)),
  );
}
