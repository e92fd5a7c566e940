import type { QueryClient } from '@tanstack/react-query';
import type { Contact, Conversation, ConversationListQuery, Message } from '@switchboard/contract';
import {
  patchContactInList,
  upsertConversation,
  upsertThreadMessage,
  type ConversationPages,
  type ThreadPages,
} from '../lib/inbox-cache';
import { writeEvent } from '../../../lib/queries/event-over-fetch';
import { conversationKeys, inboxCountsKey } from './conversation-keys';

/** A conversation's new state in every cached list (by each list's filters) and its detail. */
export function storeConversation(queryClient: QueryClient, conversation: Conversation) {
  for (const [key] of queryClient.getQueriesData<ConversationPages>({ queryKey: conversationKeys.lists() })) {
    const query = (key[2] ?? {}) as ConversationListQuery;
    writeEvent<ConversationPages>(queryClient, key, (data) => upsertConversation(data, conversation, query));
  }
  writeEvent<Conversation>(queryClient, conversationKeys.detail(conversation.id), () => conversation);
}

/** A contact's change in the lists and the conversations' details that show it. */
export function storeContact(queryClient: QueryClient, contact: Contact) {
  for (const [key] of queryClient.getQueriesData<ConversationPages>({ queryKey: conversationKeys.lists() })) {
    writeEvent<ConversationPages>(queryClient, key, (data) => patchContactInList(data, contact));
  }
  for (const [key, conversation] of queryClient.getQueriesData<Conversation>({
    queryKey: conversationKeys.details(),
  })) {
    if (conversation?.contact.id === contact.id)
      writeEvent<Conversation>(queryClient, key, () => ({ ...conversation, contact }));
  }
}

/** A new or changed message in its thread, when that thread is cached. */
export function storeMessage(queryClient: QueryClient, message: Message) {
  // A campaign's message still in the queue is in no thread yet.
  if (!message.conversationId) return;
  writeEvent<ThreadPages>(queryClient, conversationKeys.thread(message.conversationId), (data) =>
    upsertThreadMessage(data, message),
  );
}

/** The navigation badge asks again (after marking read or unread here). */
export function refreshInboxCounts(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: inboxCountsKey });
}
