import { useSyncExternalStore } from 'react';
import type { UiPreferences } from '@switchboard/contract';
import { readPreferences, writePreferences } from '../preferences-storage';

export type ResolvedUiPreferences = Required<UiPreferences>;

/** Spec §9 defaults: light theme, horizontal layout, floating navbar, zoom-fade; English (§9 locales). */
export const DEFAULT_UI_PREFERENCES: ResolvedUiPreferences = {
  theme: 'light',
  layout: 'horizontal',
  navbarType: 'floating',
  transition: 'zoom-fade',
  language: 'en',
};

const resolve = (stored: UiPreferences): ResolvedUiPreferences => ({ ...DEFAULT_UI_PREFERENCES, ...stored });

let current = resolve(readPreferences());
const listeners = new Set<() => void>();

/**
 * The customizer's choices as the app applies them: the browser's copy (localStorage), which the
 * signed-in user's server copy overwrites on sign-in. Saving to the server is the caller's part.
 */
export const uiPreferencesStore = {
  get: (): ResolvedUiPreferences => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Stored choices only (no defaults): what a first sign-in may copy to the server. */
  stored: (): UiPreferences => readPreferences(),
  set(update: UiPreferences) {
    current = resolve(writePreferences(update));
    for (const listener of listeners) listener();
  },
};

export function useUiPreferences(): ResolvedUiPreferences {
  return useSyncExternalStore(uiPreferencesStore.subscribe, uiPreferencesStore.get);
}
