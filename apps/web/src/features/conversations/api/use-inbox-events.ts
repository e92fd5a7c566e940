import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '@switchboard/contract';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
import { mergeNewestPage, type ThreadPages } from '../lib/inbox-cache';
import { storeContact, storeConversation, storeMessage } from './conversation-cache';
import { conversationKeys } from './conversation-keys';
import { fetchConversation, findListedConversation } from './use-conversation';
import { fetchThreadPage } from './use-thread-messages';

export interface InboxEventOptions {
  /** The thread on screen: new messages in other threads are notified; none without one. */
  openId: string | null;
  /** A new inbound message elsewhere, with its conversation (for a notification). */
  onInbound?: (conversation: Conversation, message: Message) => void;
}

/** After a reconnect: the open thread gets what it missed (its newest page), the lists refetch. */
async function catchUp(queryClient: QueryClient, openId: string | null) {
  void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.details() });
  // Threads not on screen fetch again when opened.
  void queryClient.invalidateQueries({
    queryKey: conversationKeys.threads(),
    refetchType: 'none',
    predicate: (query) => query.queryKey[2] !== openId,
  });
  if (!openId) return;
  const key = conversationKeys.thread(openId);
  if (!queryClient.getQueryData(key)) return;
  try {
    const newest = await fetchThreadPage(openId, undefined);
    const merged = mergeNewestPage(queryClient.getQueryData<ThreadPages>(key), newest);
    if (merged === null) void queryClient.invalidateQueries({ queryKey: key });
    else queryClient.setQueryData(key, merged);
  } catch {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/**
 * Keeps the inbox's cache live from the workspace's socket: new and changed messages into their
 * threads, conversations into the lists (moved to the top by a new message), contacts where they
 * show. When the page is left, everything cached is marked stale: events are not followed then.
 */
export function useInboxEvents({ openId, onInbound }: InboxEventOptions) {
  const queryClient = useQueryClient();
  useWorkspaceEvents(
    {
      'message.created': ({ message }) => {
        storeMessage(queryClient, message);
        // Only with a thread open: without one, the list on screen shows the new message itself.
        const { conversationId } = message;
        if (message.direction !== 'in' || !openId || !conversationId || conversationId === openId || !onInbound) return;
        const listed = findListedConversation(queryClient, conversationId);
        if (listed) onInbound(listed, message);
        else
          void fetchConversation(conversationId).then(
            (conversation) => onInbound(conversation, message),
            () => {},
          );
      },
      'message.updated': ({ message }) => storeMessage(queryClient, message),
      'conversation.updated': ({ conversation }) => storeConversation(queryClient, conversation),
      'contact.updated': ({ contact }) => storeContact(queryClient, contact),
    },
    { onReconnect: () => void catchUp(queryClient, openId), staleOnLeave: conversationKeys.all },
  );
}
