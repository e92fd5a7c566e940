import { useQuery } from '@tanstack/react-query';
import type { Preferences } from '@switchboard/contract';
import { useCurrentUser } from '../../../lib/session';
import { readLocalBookmarks } from './local-bookmarks';
import { fetchPreferences, preferencesQueryKey } from '../../../lib/preferences/preferences-api';

export interface UserPreferences extends Preferences {
  /** False while the server has no preferences endpoint: bookmarks then live in this browser. */
  onServer: boolean;
}

/** The signed-in user's preferences (UI choices and bookmarks), loaded once per sign-in. */
export function useServerPreferences() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: preferencesQueryKey(userId),
    queryFn: async (): Promise<UserPreferences> => {
      const preferences = await fetchPreferences();
      return preferences
        ? { ...preferences, onServer: true }
        : { ui: {}, bookmarks: readLocalBookmarks(userId), onServer: false };
    },
    enabled: Boolean(user),
    // Changes are written through; asking again would only race with them.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
