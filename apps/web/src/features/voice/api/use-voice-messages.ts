import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { VoiceMessageListResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { voiceFilterParams, type VoiceFilters } from '../lib/voice-filters';
import { voiceKeys } from './voice-keys';

export function fetchVoiceMessages(
  filters: VoiceFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<VoiceMessageListResponse> {
  const params = voiceFilterParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<VoiceMessageListResponse>(`/api/voice-messages${query ? `?${query}` : ''}`, { signal });
}

export const voiceMessagesQuery = (filters: VoiceFilters) =>
  infiniteQueryOptions({
    queryKey: voiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchVoiceMessages(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The voice messages matching the filters, newest first, in cursor pages; kept live by useVoiceEvents. */
export function useVoiceMessages(filters: VoiceFilters) {
  return useInfiniteQuery(voiceMessagesQuery(filters));
}
