import { useQueryClient } from '@tanstack/react-query';
import type { AutoReplyFired } from '@switchboard/contract';
import { useEffect } from 'react';
import { useSocket } from '../../../lib/realtime';
import { onReconnect } from '../../../lib/socket-reconnect';
import { applyFiring } from './auto-reply-cache';
import { autoReplyKeys } from './auto-reply-keys';

/**
 * Keeps the rules' counters live from the workspace's socket (`auto-reply.fired`). After a
 * reconnect the list is fetched again, since firings may have been missed meanwhile; when the
 * page is left it is marked stale, as its events are not followed then.
 */
export function useAutoReplyEvents() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const offReconnect = onReconnect(
      socket,
      () => void queryClient.invalidateQueries({ queryKey: autoReplyKeys.rules() }),
    );
    const onFired = (fired: AutoReplyFired) => applyFiring(queryClient, fired);
    socket.on('auto-reply.fired', onFired);
    return () => {
      offReconnect();
      socket.off('auto-reply.fired', onFired);
    };
  }, [socket, queryClient]);

  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: autoReplyKeys.rules(), refetchType: 'none' }),
    [queryClient],
  );
}
