import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../../../lib/session';
import { savePreferences } from '../../../lib/preferences/preferences-api';
import { uiPreferencesStore } from '../../../lib/preferences/ui-preferences-store';
import { useServerPreferences } from './use-server-preferences';

/**
 * Once per sign-in, the user's saved choices replace this browser's, so they follow the user to
 * any browser. A user with nothing saved yet keeps what they chose here before signing in, and
 * the server learns it. Later changes are written through by the customizer.
 */
export function usePreferencesSync() {
  const userId = useCurrentUser()?.id ?? null;
  const { data } = useServerPreferences();
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) appliedFor.current = null;
    if (!userId || !data?.onServer || appliedFor.current === userId) return;
    appliedFor.current = userId;
    if (Object.keys(data.ui).length > 0) {
      uiPreferencesStore.set(data.ui);
      return;
    }
    const local = uiPreferencesStore.stored();
    if (Object.keys(local).length > 0) {
      savePreferences({ ui: local }).catch((error: unknown) => console.warn('Could not save preferences', error));
    }
  }, [userId, data]);
}
