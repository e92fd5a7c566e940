import type { VoiceFilters } from '../lib/voice-filters';

/** Every query key of the voice inbox, from one factory (prefix `voice-messages`). */
export const voiceKeys = {
  all: ['voice-messages'] as const,
  lists: () => [...voiceKeys.all, 'list'] as const,
  /** One filtered list (infinite cursor pages); the filters are the key's last part. */
  list: (filters: VoiceFilters) => [...voiceKeys.lists(), filters] as const,
  details: () => [...voiceKeys.all, 'detail'] as const,
  detail: (id: string) => [...voiceKeys.details(), id] as const,
  /** The short-lived signed link of a recording (player and download). */
  recordingUrl: (id: string) => [...voiceKeys.all, 'recording-url', id] as const,
};
