import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aCampaign, NO_COUNTS } from '../test/fixtures';
import { campaignKeys } from './campaign-keys';
import { applyCampaignProgress, applyCampaignUpdated, type CampaignPages } from './campaigns-cache';

const sending = aCampaign({ state: 'sending', counts: { ...NO_COUNTS, recipients: 3, queued: 3 } });
const other = aCampaign({ id: '00000000-0000-4000-8000-0000000000c2', name: 'Other' });

function withList() {
  const queryClient = new QueryClient();
  const pages: CampaignPages = { pages: [{ campaigns: [sending, other], nextCursor: null }], pageParams: [undefined] };
  queryClient.setQueryData(campaignKeys.list(null), pages);
  queryClient.setQueryData(campaignKeys.detail(sending.id), sending);
  const list = () => queryClient.getQueryData<CampaignPages>(campaignKeys.list(null))!.pages[0]!.campaigns;
  return { queryClient, list };
}

describe('campaigns cache', () => {
  it('moves the counts and state of the campaign a progress event names, in the list and the detail', () => {
    const { queryClient, list } = withList();
    applyCampaignProgress(queryClient, {
      campaignId: sending.id,
      state: 'sending',
      counts: { ...sending.counts, queued: 1, delivered: 2 },
      etaSeconds: 3,
    });
    expect(list()[0]!.counts.delivered).toBe(2);
    expect(list()[1]).toBe(other);
    expect(queryClient.getQueryData<typeof sending>(campaignKeys.detail(sending.id))!.counts.queued).toBe(1);
  });

  it('takes a newer campaign but never lets an older copy overwrite a newer one', () => {
    const { queryClient, list } = withList();
    const done = { ...sending, state: 'completed' as const, updatedAt: '2026-03-10T13:00:00.000Z' };
    applyCampaignUpdated(queryClient, done);
    applyCampaignUpdated(queryClient, { ...sending, updatedAt: '2026-03-10T12:30:00.000Z' });
    expect(queryClient.getQueryData<typeof sending>(campaignKeys.detail(sending.id))!.state).toBe('completed');
    expect(list()[0]!.state).toBe('completed');
  });

  it('asks for the lists again for a campaign they do not hold yet', () => {
    const { queryClient } = withList();
    const fresh = aCampaign({ id: '00000000-0000-4000-8000-0000000000c3', name: 'New' });
    applyCampaignUpdated(queryClient, fresh);
    expect(queryClient.getQueryState(campaignKeys.list(null))!.isInvalidated).toBe(true);
  });
});
