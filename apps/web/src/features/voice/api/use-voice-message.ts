import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoiceMessage, VoiceMessageResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { findCachedVoiceMessage } from './voice-cache';
import { voiceKeys } from './voice-keys';

export async function fetchVoiceMessage(id: string, signal?: AbortSignal): Promise<VoiceMessage> {
  const { voiceMessage } = await api<VoiceMessageResponse>(`/api/voice-messages/${encodeURIComponent(id)}`, {
    signal,
  });
  return voiceMessage;
}

/** One voice message: at once from the list it was picked in, from the server when opened by link. */
export function useVoiceMessage(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: voiceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchVoiceMessage(id!, signal),
    enabled: Boolean(id),
    initialData: () => (id ? findCachedVoiceMessage(queryClient, id) : undefined),
    // Socket events keep it current; the list's copy is fresh enough to start with.
    staleTime: 60_000,
  });
}
