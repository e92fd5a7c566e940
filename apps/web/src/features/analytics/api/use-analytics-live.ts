import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { throttle } from '../lib/throttle';
import { analyticsKeys } from './analytics-keys';

/** At most one refresh of the whole page every 2 seconds (issue 17). */
export const LIVE_REFRESH_MS = 2_000;

/**
 * Keeps the control panel live while it is open: every event that changes a figure (a message in
 * or out, a delivery report, a voice message, a campaign's state, a contact's consent) asks all of
 * the page's queries again, throttled; a reconnect catches up at once. Left, the page's cache is
 * marked stale, so the next visit reads fresh figures.
 */
export function useAnalyticsLive() {
  const queryClient = useQueryClient();
  const refresh = useMemo(
    () => throttle(() => void queryClient.invalidateQueries({ queryKey: analyticsKeys.all }), LIVE_REFRESH_MS),
    [queryClient],
  );
  useEffect(() => refresh.cancel, [refresh]);
  useWorkspaceEvents(
    {
      'message.created': refresh,
      'message.updated': refresh,
      'voice-message.created': refresh,
      'campaign.updated': refresh,
      'contact.updated': refresh,
      // A new time zone moves every day's bounds; a plan change moves the quota.
      'workspace.updated': refresh,
    },
    { onReconnect: refresh, staleOnLeave: analyticsKeys.all },
  );
}
