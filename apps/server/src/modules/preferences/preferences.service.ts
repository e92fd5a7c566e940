import {
  BookmarksSchema,
  UiPreferencesSchema,
  type Preferences,
  type UiPreferences,
  type UpdatePreferencesBody,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { StoredPreferences, UsersService } from '../users/users.service.js';

/**
 * Reads the stored column into the API shape. Only this module writes it, through validated
 * bodies; still, a value a later release no longer accepts (a removed theme) is dropped key by
 * key rather than failing the response or wiping the user's other choices.
 */
export function toPreferences(stored: StoredPreferences): Preferences {
  const ui: Record<string, unknown> = {};
  const storedUi = stored?.ui;
  if (storedUi && typeof storedUi === 'object') {
    for (const [key, value] of Object.entries(storedUi)) {
      const field = UiPreferencesSchema.shape[key as keyof UiPreferences];
      if (field?.safeParse(value).success) ui[key] = value;
    }
  }
  const bookmarks = BookmarksSchema.safeParse(stored?.bookmarks ?? []);
  return { ui: ui as UiPreferences, bookmarks: bookmarks.success ? bookmarks.data : [] };
}

/** The signed-in user's UI choices and bookmarks; they follow the user to any browser. */
export function createPreferencesService(users: Pick<UsersService, 'preferences'>) {
  // Stored in the users table: the users module reads and writes them.
  const repo = users.preferences;
  // The caller was authenticated a moment ago; a missing row means the account is gone.
  const orSignIn = (stored: StoredPreferences | undefined): Preferences => {
    if (stored === undefined) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
    return toPreferences(stored);
  };

  return {
    get: async (userId: string): Promise<Preferences> => orSignIn(await repo.find(userId)),

    /** `ui` keys are merged into the stored ones; `bookmarks` replaces the list. */
    async update(userId: string, body: UpdatePreferencesBody): Promise<Preferences> {
      if (!body.ui && !body.bookmarks) return orSignIn(await repo.find(userId));
      return orSignIn(await repo.update(userId, body.ui ?? {}, body.bookmarks));
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
