import { useCallback } from 'react';
import type { UiPreferences } from '@switchboard/contract';
import { session } from '../session';
import { savePreferences } from './preferences-api';
import { uiPreferencesStore } from './ui-preferences-store';

/** Applies a choice at once, keeps it in this browser and, when signed in, on the server. */
export function useUpdateUiPreferences(): (update: UiPreferences) => void {
  return useCallback((update: UiPreferences) => {
    uiPreferencesStore.set(update);
    if (session.get().status !== 'authenticated') return;
    savePreferences({ ui: update }).catch((error: unknown) => console.warn('Could not save preferences', error));
  }, []);
}
