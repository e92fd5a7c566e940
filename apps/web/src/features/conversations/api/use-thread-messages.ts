import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { INBOX_PAGE_SIZE, type ThreadResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

export function fetchThreadPage(id: string, cursor: string | undefined, signal?: AbortSignal): Promise<ThreadResponse> {
  const params = new URLSearchParams({ limit: String(INBOX_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api<ThreadResponse>(`/api/conversations/${encodeURIComponent(id)}/messages?${params.toString()}`, { signal });
}

export const threadQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(id),
    queryFn: ({ pageParam, signal }) => fetchThreadPage(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // "Next" pages go back in time: older messages.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Kept live by socket events; a refetch of a long thread would reload every page.
    staleTime: Infinity,
  });

/** A thread's messages, newest first in pages of 50; older pages load as the reader scrolls up. */
export function useThreadMessages(id: string) {
  return useInfiniteQuery(threadQuery(id));
}
