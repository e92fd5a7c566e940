import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Contact, Conversation, Message } from '@switchboard/contract';
import { useEffect, useRef } from 'react';
import { useSocket } from '../../../lib/realtime';
import { onReconnect } from '../../../lib/socket-reconnect';
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
  const socket = useSocket();
  const latest = useRef({ openId, onInbound });
  useEffect(() => {
    latest.current = { openId, onInbound };
  });

  useEffect(() => {
    if (!socket) return;
    const offReconnect = onReconnect(socket, () => void catchUp(queryClient, latest.current.openId));
    const onMessageCreated = ({ message }: { message: Message }) => {
      storeMessage(queryClient, message);
      const { openId: open, onInbound: notify } = latest.current;
      // Only with a thread open: without one, the list on screen shows the new message itself.
      if (message.direction !== 'in' || !open || message.conversationId === open || !notify) return;
      const listed = findListedConversation(queryClient, message.conversationId);
      if (listed) notify(listed, message);
      else
        void fetchConversation(message.conversationId).then(
          (conversation) => notify(conversation, message),
          () => {},
        );
    };
    const onMessageUpdated = ({ message }: { message: Message }) => storeMessage(queryClient, message);
    const onConversationUpdated = ({ conversation }: { conversation: Conversation }) =>
      storeConversation(queryClient, conversation);
    const onContactUpdated = ({ contact }: { contact: Contact }) => storeContact(queryClient, contact);

    socket.on('message.created', onMessageCreated);
    socket.on('message.updated', onMessageUpdated);
    socket.on('conversation.updated', onConversationUpdated);
    socket.on('contact.updated', onContactUpdated);
    return () => {
      offReconnect();
      socket.off('message.created', onMessageCreated);
      socket.off('message.updated', onMessageUpdated);
      socket.off('conversation.updated', onConversationUpdated);
      socket.off('contact.updated', onContactUpdated);
    };
  }, [socket, queryClient]);

  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: conversationKeys.all, refetchType: 'none' }),
    [queryClient],
  );
}
