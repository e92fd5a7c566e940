import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationResponse, UpdateConversationBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { refreshInboxCounts, storeConversation } from './conversation-cache';
import { conversationKeys } from './conversation-keys';
import { findListedConversation } from './use-conversation';

export interface MarkConversationInput {
  id: string;
  body: UpdateConversationBody;
}

/** Marks a thread read (every message) or unread. */
export function markConversation({ id, body }: MarkConversationInput): Promise<ConversationResponse> {
  return api<ConversationResponse>(`/api/conversations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/**
 * Read or unread at once on screen; the server's `conversation.updated` event then brings the
 * thread as stored. The answer itself is not written to the cache: it is a snapshot read before
 * events that may already have arrived on the socket (a START committed meanwhile), and would put
 * the older state (the contact still opted out) back over them.
 */
export function useMarkConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversation,
    onMutate: ({ id, body }) => {
      const current =
        queryClient.getQueryData<Conversation>(conversationKeys.detail(id)) ?? findListedConversation(queryClient, id);
      if (!current) return;
      const unreadCount = body.unread ? Math.max(current.unreadCount, 1) : 0;
      if (unreadCount !== current.unreadCount) storeConversation(queryClient, { ...current, unreadCount });
    },
    onSuccess: () => refreshInboxCounts(queryClient),
    onError: (_error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}
