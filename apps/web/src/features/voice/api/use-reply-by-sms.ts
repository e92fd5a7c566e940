import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ReplyBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

export interface ReplyInput {
  conversationId: string;
  body: string;
}

/** A text message to the caller, in their conversation (its network and contact). */
export function replyBySms({ conversationId, body }: ReplyInput): Promise<MessageResponse> {
  return api<MessageResponse>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: { body } satisfies ReplyBody,
  });
}

/** The SMS inbox learns about the reply from its socket events (message.created). */
export function useReplyBySms() {
  return useMutation({ mutationFn: replyBySms });
}
