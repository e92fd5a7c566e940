import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
// The DOM entry's provider: it can render a navigation synchronously (`flushSync`, see useLogout).
import { RouterProvider } from 'react-router/dom';
import { AppearanceSync } from './shell/appearance/appearance-sync';
import { colorSchemeOf } from './shell/appearance/apply-theme';
import { useUiPreferences } from '../lib/preferences/ui-preferences-store';
import { i18n } from '../i18n/i18n';
import { restoreSession } from '../lib/session';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [router] = useState(createAppRouter);
  const { theme: themeName } = useUiPreferences();
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider>
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            forceColorScheme={colorSchemeOf(themeName)}
          >
            <AppearanceSync />
            <Notifications position="top-right" />
            <RouterProvider router={router} />
          </MantineProvider>
        </DirectionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
