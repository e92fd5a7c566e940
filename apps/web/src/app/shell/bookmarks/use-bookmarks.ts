import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { MAX_BOOKMARKS } from '@switchboard/contract';
import { useCurrentUser } from '../../../lib/session';
import { writeLocalBookmarks } from '../preferences/local-bookmarks';
import { preferencesQueryKey, savePreferences } from '../../../lib/preferences/preferences-api';
import { useServerPreferences, type UserPreferences } from '../preferences/use-server-preferences';
import { useShellText } from '../shell-text';

export interface Bookmarks {
  /** Starred app paths, in starring order. */
  paths: string[];
  /** Anonymous visitors cannot star. */
  canStar: boolean;
  toggle: (path: string) => void;
}

/** The signed-in user's starred pages, kept on the server (spec §2 navigation aids). */
export function useBookmarks(): Bookmarks {
  const t = useShellText();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { data } = useServerPreferences();
  const userId = user?.id ?? '';

  const toggle = useCallback(
    (path: string) => {
      const key = preferencesQueryKey(userId);
      const current = queryClient.getQueryData<UserPreferences>(key);
      if (!userId || !current) return;
      const paths = current.bookmarks.includes(path)
        ? current.bookmarks.filter((p) => p !== path)
        : [...current.bookmarks, path].slice(-MAX_BOOKMARKS);
      queryClient.setQueryData<UserPreferences>(key, { ...current, bookmarks: paths });
      writeLocalBookmarks(userId, paths);
      savePreferences({ bookmarks: paths }).catch((error: unknown) => {
        console.warn('Could not save bookmarks', error);
        notifications.show({ color: 'red', title: t('bookmarks.saveFailedTitle'), message: t('bookmarks.saveFailed') });
        void queryClient.invalidateQueries({ queryKey: key });
      });
    },
    [queryClient, userId, t],
  );

  return { paths: data?.bookmarks ?? [], canStar: Boolean(user && data), toggle };
}
