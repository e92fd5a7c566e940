import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import type { ConversationPages } from '../lib/inbox-cache';
import { conversationKeys } from './conversation-keys';

export async function fetchConversation(id: string): Promise<Conversation> {
  const { conversation } = await api<ConversationResponse>(`/api/conversations/${encodeURIComponent(id)}`);
  return conversation;
}

/** The conversation as a loaded list page holds it, if one does. */
export function findListedConversation(queryClient: QueryClient, id: string): Conversation | undefined {
  for (const [, data] of queryClient.getQueriesData<ConversationPages>({ queryKey: conversationKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const found = page.conversations.find((item) => item.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** One conversation (the open thread's header and contact panel); starts from the list's copy. */
export function useConversation(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.detail(id ?? ''),
    queryFn: () => fetchConversation(id!),
    enabled: Boolean(id),
    initialData: () => (id ? findListedConversation(queryClient, id) : undefined),
    // The list's copy is as fresh as the socket keeps it; ask the server once anyway.
    initialDataUpdatedAt: 0,
  });
}
