import { useQueryClient } from '@tanstack/react-query';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { applyFiring } from './auto-reply-cache';
import { autoReplyKeys } from './auto-reply-keys';

/**
 * Keeps the rules' counters live from the workspace's socket (`auto-reply.fired`). After a
 * reconnect the list is fetched again, since firings may have been missed meanwhile; when the
 * page is left it is marked stale, as its events are not followed then.
 */
export function useAutoReplyEvents() {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    { 'auto-reply.fired': (fired) => applyFiring(queryClient, fired) },
    {
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: autoReplyKeys.rules() }),
      staleOnLeave: autoReplyKeys.rules(),
    },
  );
}
