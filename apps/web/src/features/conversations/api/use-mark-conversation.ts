import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationResponse, UpdateConversationBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { refreshInboxCounts, storeConversation } from './conversation-cache';

export interface MarkConversationInput {
  id: string;
  body: UpdateConversationBody;
}

/** Marks a thread read (every message) or unread. */
export function markConversation({ id, body }: MarkConversationInput): Promise<ConversationResponse> {
  return api<ConversationResponse>(`/api/conversations/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useMarkConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversation,
    onSuccess: ({ conversation }) => {
      storeConversation(queryClient, conversation);
      refreshInboxCounts(queryClient);
    },
  });
}
