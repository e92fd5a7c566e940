import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessageResponse, SandboxInboundBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';
import { upsertThreadMessage } from './thread-cache';

export interface SandboxMessageInput {
  id: string;
  body: SandboxInboundBody;
}

/** The virtual phone texts the workspace. */
export function sendSandboxMessage({ id, body }: SandboxMessageInput): Promise<MessageResponse> {
  return api<MessageResponse>(`/api/networks/${encodeURIComponent(id)}/sandbox/messages`, { method: 'POST', body });
}

export function useSendSandboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSandboxMessage,
    onSuccess: ({ message }, { id, body }) =>
      queryClient.setQueryData<Message[]>(networkKeys.sandboxThread(id, body.from), (thread) =>
        upsertThreadMessage(thread ?? [], message),
      ),
  });
}
