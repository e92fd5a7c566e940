import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../../i18n/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useUiPreferences } from '../../../lib/preferences/ui-preferences-store';
import { applyTheme } from './apply-theme';

const PreferencesSync = lazy(() => import('../preferences/preferences-sync'));

/**
 * Keeps the document in step with the user's choices (theme classes, language and with it the
 * direction) and, while signed in, with the choices saved on the server.
 */
export function AppearanceSync() {
  const { theme, language } = useUiPreferences();
  const { i18n } = useTranslation();
  const signedIn = Boolean(useCurrentUser());

  useEffect(() => applyTheme(theme), [theme]);

  useEffect(() => {
    // i18n sets <html lang dir>; Mantine's DirectionProvider follows the dir attribute.
    if (i18n.language !== language) void setLanguage(language);
  }, [i18n, language]);

  return signedIn ? (
    <Suspense fallback={null}>
      <PreferencesSync />
    </Suspense>
  ) : null;
}
