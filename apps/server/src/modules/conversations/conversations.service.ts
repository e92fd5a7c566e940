import type {
  Conversation,
  ConversationListResponse,
  InboxCounts,
  Message,
  ThreadResponse,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { ConversationFilters, ConversationWithContact } from '../messaging/messaging.service.js';
import { toConversation, toMessage } from '../messaging/message-rows.js';
import type { MessagingService } from '../messaging/messaging.service.js';
import type { CampaignsService } from '../campaigns/campaigns.service.js';
import type { VoiceService } from '../voice/voice.service.js';

export type { ConversationFilters } from '../messaging/messaging.service.js';

export interface ConversationsDeps {
  /** Threads and messages are messaging's (its `inbox` reads them). */
  messaging: Pick<MessagingService, 'inbox' | 'queue'>;
  voice: Pick<VoiceService, 'unlistenedCount'>;
  /** The names of the campaigns that sent a thread's messages (campaigns are the campaigns module's). */
  campaigns: Pick<CampaignsService, 'names'>;
  events: EventPublisher;
}

const view = ({ conversation, contact }: ConversationWithContact): Conversation =>
  toConversation(conversation, contact);

/** The SMS inbox: threads, their pages of messages, read state and replies (contacts are the contacts module's). */
export function createConversationsService(deps: ConversationsDeps) {
  const { inbox } = deps.messaging;

  async function find(workspaceId: string, id: string): Promise<ConversationWithContact> {
    const found = await inbox.findThread(workspaceId, id);
    if (!found) throw new AppError('NOT_FOUND', 'No such conversation in this workspace.');
    return found;
  }

  return {
    async list(
      workspaceId: string,
      filters: ConversationFilters,
      cursor: string | undefined,
      limit: number,
    ): Promise<ConversationListResponse> {
      const page = await inbox.listThreads(workspaceId, filters, cursor, limit);
      return { conversations: page.rows.map(view), nextCursor: page.nextCursor };
    },

    get: async (workspaceId: string, id: string): Promise<Conversation> => view(await find(workspaceId, id)),

    async messages(
      workspaceId: string,
      id: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<ThreadResponse> {
      const page = await inbox.threadMessages(workspaceId, id, cursor, limit);
      // Nothing found: an empty thread of this workspace, or not one of its threads at all.
      if (page.rows.length === 0) await find(workspaceId, id);
      const messages = page.rows.map(toMessage);
      const campaignIds = messages.flatMap((message) => (message.campaignId ? [message.campaignId] : []));
      // A second read only for pages with campaign messages; message events stay without names.
      const campaigns = campaignIds.length ? await deps.campaigns.names(workspaceId, campaignIds) : [];
      return { messages, campaigns, nextCursor: page.nextCursor };
    },

    async setUnread(workspaceId: string, id: string, unread: boolean): Promise<Conversation> {
      const updated = await inbox.setUnread(workspaceId, id, unread);
      if (!updated) throw new AppError('NOT_FOUND', 'No such conversation in this workspace.');
      const conversation = view(updated);
      deps.events.toWorkspace(workspaceId, 'conversation.updated', { conversation });
      return conversation;
    },

    /**
     * A reply in the thread: its network, to its contact, through the one outbound function;
     * `sentBy` is the user who wrote it (the control panel counts a user's replies).
     */
    async reply(workspaceId: string, id: string, body: string, sentBy?: string): Promise<Message> {
      const { conversation, contact } = await find(workspaceId, id);
      return deps.messaging.queue({
        workspaceId,
        networkId: conversation.networkId,
        to: contact.phoneNumber,
        body,
        origin: 'reply',
        sentBy,
      });
    },

    /** The navigation badges. */
    async counts(workspaceId: string): Promise<InboxCounts> {
      const [unreadConversations, unlistenedVoiceMessages] = await Promise.all([
        inbox.unreadCount(workspaceId),
        deps.voice.unlistenedCount(workspaceId),
      ]);
      return { unreadConversations, unlistenedVoiceMessages };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
