import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, Network } from '@switchboard/contract';
import { useEffect } from 'react';
import { useSocket } from '../../../lib/realtime';
import { onReconnect } from '../../../lib/socket-reconnect';
import { forgetNetwork, patchNetwork, storeNetwork } from './network-cache';
import { networkKeys } from './network-keys';
import { threadConversationId, upsertThreadMessage } from './thread-cache';

/** A new or changed message: into the open virtual phone threads of its network. */
function applyToThreads(queryClient: QueryClient, message: Message) {
  for (const [key, thread] of queryClient.getQueriesData<Message[]>({
    queryKey: networkKeys.sandboxThreads(message.networkId),
  })) {
    const conversationId = threadConversationId(thread);
    if (conversationId === message.conversationId) {
      queryClient.setQueryData<Message[]>(key, upsertThreadMessage(thread ?? [], message));
    } else if (!conversationId) {
      // An empty thread does not know its conversation yet: ask which messages are its own.
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/** A followed message (e.g. a test message) gets its new state. */
function applyToFollowed(queryClient: QueryClient, message: Message) {
  const key = networkKeys.message(message.id);
  if (queryClient.getQueryData(key)) queryClient.setQueryData(key, message);
}

/** A conversation of a virtual phone's number that its (empty) thread does not know yet. */
function applyConversation(queryClient: QueryClient, conversation: Conversation) {
  const key = networkKeys.sandboxThread(conversation.networkId, conversation.contact.phoneNumber);
  const thread = queryClient.getQueryData<Message[]>(key);
  if (thread && threadConversationId(thread) !== conversation.id) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * Keeps the networks' cache live from the workspace's socket events: status and settings
 * (network.updated), removals, today's counters and the virtual phone threads. After a
 * reconnect everything is fetched again, since events may have been missed meanwhile.
 */
export function useNetworkEvents() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const offReconnect = onReconnect(socket, () => void queryClient.invalidateQueries({ queryKey: networkKeys.all }));
    const onNetworkUpdated = ({ network }: { network: Network }) => {
      const before = queryClient.getQueryData<Network[]>(networkKeys.list())?.find((item) => item.id === network.id);
      storeNetwork(queryClient, network);
      // A new error is also a new log entry.
      if (before && before.lastError !== network.lastError) {
        void queryClient.invalidateQueries({ queryKey: networkKeys.logs(network.id) });
      }
    };
    const onNetworkDeleted = ({ id }: { id: string }) => forgetNetwork(queryClient, id);
    const onMessageCreated = ({ message }: { message: Message }) => {
      applyToFollowed(queryClient, message);
      const counter = message.direction === 'in' ? 'inToday' : 'outToday';
      patchNetwork(queryClient, message.networkId, (network) => ({
        ...network,
        stats: { ...network.stats, [counter]: network.stats[counter] + 1 },
      }));
      applyToThreads(queryClient, message);
    };
    const onMessageUpdated = ({ message }: { message: Message }) => {
      applyToThreads(queryClient, message);
      applyToFollowed(queryClient, message);
    };
    const onConversationUpdated = ({ conversation }: { conversation: Conversation }) =>
      applyConversation(queryClient, conversation);

    socket.on('network.updated', onNetworkUpdated);
    socket.on('network.deleted', onNetworkDeleted);
    socket.on('message.created', onMessageCreated);
    socket.on('message.updated', onMessageUpdated);
    socket.on('conversation.updated', onConversationUpdated);
    return () => {
      offReconnect();
      socket.off('network.updated', onNetworkUpdated);
      socket.off('network.deleted', onNetworkDeleted);
      socket.off('message.created', onMessageCreated);
      socket.off('message.updated', onMessageUpdated);
      socket.off('conversation.updated', onConversationUpdated);
    };
  }, [socket, queryClient]);
}
