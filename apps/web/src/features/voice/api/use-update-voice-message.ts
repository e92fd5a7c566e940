import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceMessage, VoiceMessageResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeVoiceMessage } from './voice-cache';

export interface SetListenedInput {
  message: VoiceMessage;
  listened: boolean;
}

export function setListened({ message, listened }: SetListenedInput): Promise<VoiceMessageResponse> {
  return api<VoiceMessageResponse>(`/api/voice-messages/${encodeURIComponent(message.id)}`, {
    method: 'PATCH',
    body: { listened },
  });
}

/** Marks a voice message listened or unlistened: shown at once, put back if the server refuses. */
export function useSetListened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListened,
    onMutate: ({ message, listened }) => {
      storeVoiceMessage(queryClient, {
        ...message,
        listened,
        listenedAt: listened ? (message.listenedAt ?? new Date().toISOString()) : null,
      });
      return { before: message };
    },
    onError: (_error, _input, context) => {
      if (context) storeVoiceMessage(queryClient, context.before);
    },
    onSuccess: ({ voiceMessage }) => storeVoiceMessage(queryClient, voiceMessage),
  });
}
