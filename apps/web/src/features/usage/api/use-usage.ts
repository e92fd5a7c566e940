import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Usage } from '@switchboard/contract';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';

export const usageKey = ['usage'] as const;

export function fetchUsage(): Promise<Usage> {
  return api<Usage>('/api/usage');
}

/** Sends come in bursts (a campaign, a busy inbox): one refetch per second at most. */
const REFRESH_MS = 1_000;

/**
 * The workspace's plan and this month's SMS segments (`GET /api/usage`, admins). Kept live from
 * the socket: a queued outbound message, a message failed before it was sent (its segments come
 * back) and a plan change ask again, throttled; so does a reconnect. `enabled` is false for
 * visitors who may not read it.
 */
export function useUsage(enabled = true) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const refresh = () => {
    if (!enabled || timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: usageKey });
    }, REFRESH_MS);
  };
  useWorkspaceEvents(
    {
      'message.created': ({ message }) => {
        if (message.direction === 'out') refresh();
      },
      'message.updated': ({ message }) => {
        if (message.state === 'failed' && !message.sentAt) refresh();
      },
      'workspace.updated': () => void queryClient.invalidateQueries({ queryKey: usageKey }),
    },
    { onReconnect: refresh },
  );
  return useQuery({ queryKey: usageKey, queryFn: fetchUsage, enabled, staleTime: 60_000 });
}
