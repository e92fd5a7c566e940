import type { ConversationListQuery } from '@switchboard/contract';

/** Every query key of the conversations feature, from one factory (prefix `conversations`). */
export const conversationKeys = {
  all: ['conversations'] as const,
  lists: () => [...conversationKeys.all, 'list'] as const,
  /** One list per query (search and filters), so switching filters back is instant. */
  list: (query: ConversationListQuery) => [...conversationKeys.lists(), query] as const,
  details: () => [...conversationKeys.all, 'detail'] as const,
  detail: (id: string) => [...conversationKeys.details(), id] as const,
  threads: () => [...conversationKeys.all, 'messages'] as const,
  thread: (id: string) => [...conversationKeys.threads(), id] as const,
  compliance: () => [...conversationKeys.all, 'compliance'] as const,
};

/** The navigation badges' counts: read by the shell on every page, so outside the feature's prefix. */
export const inboxCountsKey = ['inbox', 'counts'] as const;
