import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { campaignKeys } from './campaign-keys';

/** Replies and opt-outs come in bursts after a campaign: one refetch per second at most. */
const REFRESH_MS = 1_000;

/**
 * A report's replied and opted-out counts are computed on read, and no campaign event announces
 * them once it has finished: an inbound text or a contact's change (a STOP reply) asks for the
 * campaign, its recipients and throughput again, throttled.
 */
export function useRecipientActivity(campaignId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const refresh = () => {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    }, REFRESH_MS);
  };
  useWorkspaceEvents(
    {
      'message.created': ({ message }) => {
        if (message.direction === 'in') refresh();
      },
      'contact.updated': refresh,
    },
    { onReconnect: refresh },
  );
}
