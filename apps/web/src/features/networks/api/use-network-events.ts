import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, Network } from '@switchboard/contract';
import { useWorkspaceEvents } from '../../../lib/use-workspace-events';
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
  useWorkspaceEvents(
    {
      'network.updated': ({ network }) => {
        const before = queryClient.getQueryData<Network[]>(networkKeys.list())?.find((item) => item.id === network.id);
        storeNetwork(queryClient, network);
        // A new error is also a new log entry.
        if (before && before.lastError !== network.lastError) {
          void queryClient.invalidateQueries({ queryKey: networkKeys.logs(network.id) });
        }
      },
      'network.deleted': ({ id }) => forgetNetwork(queryClient, id),
      'message.created': ({ message }) => {
        applyToFollowed(queryClient, message);
        const counter = message.direction === 'in' ? 'inToday' : 'outToday';
        patchNetwork(queryClient, message.networkId, (network) => ({
          ...network,
          stats: { ...network.stats, [counter]: network.stats[counter] + 1 },
        }));
        applyToThreads(queryClient, message);
      },
      'message.updated': ({ message }) => {
        applyToThreads(queryClient, message);
        applyToFollowed(queryClient, message);
      },
      'conversation.updated': ({ conversation }) => applyConversation(queryClient, conversation),
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: networkKeys.all }) },
  );
}
