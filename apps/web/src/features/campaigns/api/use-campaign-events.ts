import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { campaignKeys } from './campaign-keys';
import { applyCampaignProgress, applyCampaignUpdated } from './campaigns-cache';

/**
 * Keeps the campaign screens live: `campaign.updated` (started, paused, finished, edited in
 * another tab) and `campaign.progress` (counts while it sends, a few a second). Returns the ETA
 * of the latest progress event of each campaign. After a reconnect everything is fetched again.
 */
export function useCampaignEvents() {
  const queryClient = useQueryClient();
  const [etas, setEtas] = useState<Record<string, number | null>>({});
  useWorkspaceEvents(
    {
      'campaign.updated': ({ campaign }) => {
        applyCampaignUpdated(queryClient, campaign);
        // Started, paused, finished…: the report's rows and chart catch up once.
        void queryClient.invalidateQueries({ queryKey: campaignKeys.recipients(campaign.id) });
        void queryClient.invalidateQueries({ queryKey: campaignKeys.throughput(campaign.id) });
      },
      'campaign.progress': (progress) => {
        applyCampaignProgress(queryClient, progress);
        setEtas((old) => ({ ...old, [progress.campaignId]: progress.etaSeconds }));
      },
    },
    {
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
      staleOnLeave: campaignKeys.all,
    },
  );
  return etas;
}
