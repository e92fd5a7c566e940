import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageResponse, TestMessageBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';
import { stateRank } from './thread-cache';

export interface TestMessageInput {
  id: string;
  body: TestMessageBody;
}

/** Sends a test message through a network; its state then follows live (networkKeys.message). */
export function sendTestMessage({ id, body }: TestMessageInput): Promise<MessageResponse> {
  return api<MessageResponse>(`/api/networks/${encodeURIComponent(id)}/test-message`, { method: 'POST', body });
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMessage,
    onSuccess: ({ message }) =>
      queryClient.setQueryData<Message>(networkKeys.message(message.id), (known) =>
        known && stateRank(known) > stateRank(message) ? known : message,
      ),
  });
}
