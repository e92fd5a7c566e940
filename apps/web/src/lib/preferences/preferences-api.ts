import type { Preferences, UpdatePreferencesBody } from '@switchboard/contract';
import { api, ApiError } from '../api-client';

export const preferencesQueryKey = (userId: string) => ['preferences', userId] as const;

/** The signed-in user's server copy; null while the server has no preferences endpoint (404). */
export async function fetchPreferences(): Promise<Preferences | null> {
  try {
    return await api<Preferences>('/api/me/preferences');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Saves to the server, one request after another so the last change also lands last (each
 * bookmarks update carries the whole list). A missing endpoint (404) is not an error: the
 * browser's copy stays the only one.
 */
export function savePreferences(body: UpdatePreferencesBody): Promise<void> {
  const run = queue.then(async () => {
    try {
      await api<Preferences>('/api/me/preferences', { method: 'PATCH', body });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
