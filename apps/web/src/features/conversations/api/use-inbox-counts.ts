import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxCounts } from '@switchboard/contract';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { useSocket } from '../../../lib/realtime';
import { inboxCountsKey } from './conversation-keys';

export function fetchInboxCounts(): Promise<InboxCounts> {
  return api<InboxCounts>('/api/inbox/counts');
}

/** Events come in bursts (a message and its thread's update): one refetch per burst. */
const DEBOUNCE_MS = 250;

/**
 * The navigation badges: unread SMS threads and unlistened voice messages. Kept live from the
 * workspace's socket: any change of a thread or a voice message asks again (debounced), and so
 * does a reconnect. `enabled` is false for visitors who cannot open the inboxes.
 */
export function useInboxCounts(enabled: boolean) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !enabled) return;
    let timer: number | undefined;
    const refresh = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: inboxCountsKey }), DEBOUNCE_MS);
    };
    socket.on('connect', refresh);
    socket.on('conversation.updated', refresh);
    socket.on('voice-message.created', refresh);
    socket.on('voice-message.updated', refresh);
    return () => {
      window.clearTimeout(timer);
      socket.off('connect', refresh);
      socket.off('conversation.updated', refresh);
      socket.off('voice-message.created', refresh);
      socket.off('voice-message.updated', refresh);
    };
  }, [socket, enabled, queryClient]);
  return useQuery({ queryKey: inboxCountsKey, queryFn: fetchInboxCounts, enabled, staleTime: 60_000 });
}
