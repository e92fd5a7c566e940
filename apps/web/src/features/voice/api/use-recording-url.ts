import { useQuery, type Query } from '@tanstack/react-query';
import type { RecordingUrlResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { voiceKeys } from './voice-keys';

export function fetchRecordingUrl(id: string, signal?: AbortSignal): Promise<RecordingUrlResponse> {
  return api<RecordingUrlResponse>(`/api/voice-messages/${encodeURIComponent(id)}/recording-url`, { signal });
}

/** Fetch a new link a little before the current one expires. */
const EXPIRY_MARGIN_MS = 15_000;

function msUntilRenewal(query: Query<RecordingUrlResponse>): number {
  const expiresAt = query.state.data?.expiresAt;
  if (!expiresAt) return 0;
  return Math.max(1_000, Date.parse(expiresAt) - Date.now() - EXPIRY_MARGIN_MS);
}

/** The recording's signed link, renewed before it expires, so the download link always works. */
export function useRecordingUrl(id: string) {
  return useQuery({
    queryKey: voiceKeys.recordingUrl(id),
    queryFn: ({ signal }) => fetchRecordingUrl(id, signal),
    staleTime: msUntilRenewal,
    refetchInterval: msUntilRenewal,
    gcTime: 0,
  });
}

/** The same link, made to download the file (`download=1` makes the server send it as an attachment). */
export function downloadUrl(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.set('download', '1');
  return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}
