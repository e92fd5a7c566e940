import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, Message, MessageResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import {
  PENDING_PREFIX,
  removeThreadMessage,
  replacePendingMessage,
  upsertThreadMessage,
  type ThreadPages,
} from '../lib/inbox-cache';
import { countSms } from '../../../lib/sms-count';
import { conversationKeys } from './conversation-keys';

export interface SendReplyInput {
  conversation: Conversation;
  body: string;
}

/** Replies in a thread, through its network to its contact; the answer is the queued message. */
export function sendReply({ conversation, body }: SendReplyInput): Promise<MessageResponse> {
  return api<MessageResponse>(`/api/conversations/${encodeURIComponent(conversation.id)}/messages`, {
    method: 'POST',
    body: { body },
  });
}

/** The message as shown while the server stores it: queued, with a temporary id. */
export function pendingMessage({ conversation, body }: SendReplyInput): Message {
  const { encoding, segments } = countSms(body);
  return {
    id: `${PENDING_PREFIX}${crypto.randomUUID()}`,
    networkId: conversation.networkId,
    conversationId: conversation.id,
    contactId: conversation.contact.id,
    direction: 'out',
    body,
    encoding,
    segments,
    state: 'queued',
    origin: 'reply',
    campaignId: null,
    providerMessageId: null,
    errorCode: null,
    errorText: null,
    attempts: 0,
    createdAt: new Date().toISOString(),
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    receivedAt: null,
  };
}

/**
 * Sends a reply that shows at once as queued; the stored message takes its place (deduplicated
 * by id with its message.created event, whichever comes first) and then moves on live.
 */
export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onMutate: (input) => {
      const pending = pendingMessage(input);
      queryClient.setQueryData<ThreadPages>(conversationKeys.thread(input.conversation.id), (data) =>
        upsertThreadMessage(data, pending),
      );
      return { pendingId: pending.id };
    },
    onSuccess: ({ message }, input, context) =>
      queryClient.setQueryData<ThreadPages>(conversationKeys.thread(input.conversation.id), (data) =>
        replacePendingMessage(data, context.pendingId, message),
      ),
    onError: (_error, input, context) => {
      if (!context) return;
      queryClient.setQueryData<ThreadPages>(conversationKeys.thread(input.conversation.id), (data) =>
        removeThreadMessage(data, context.pendingId),
      );
    },
  });
}
