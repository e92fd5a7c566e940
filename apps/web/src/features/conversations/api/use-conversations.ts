import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { INBOX_PAGE_SIZE, type ConversationListQuery, type ConversationListResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

export function fetchConversations(
  query: ConversationListQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationListResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  params.set('limit', String(INBOX_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return api<ConversationListResponse>(`/api/conversations?${params.toString()}`, { signal });
}

export const conversationsQuery = (query: ConversationListQuery) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchConversations(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The thread list, newest activity first, in cursor pages; live through useInboxEvents. */
export function useConversations(query: ConversationListQuery) {
  return useInfiniteQuery({ ...conversationsQuery(query), placeholderData: keepPreviousData });
}
