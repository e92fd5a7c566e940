import { usePreferencesSync } from './use-preferences-sync';

/** Mounted while signed in (its own chunk: anonymous first visits do not load it). */
export default function PreferencesSync() {
  usePreferencesSync();
  return null;
}
