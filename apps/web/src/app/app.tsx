import { MantineProvider } from '@mantine/core';
import { HomePage } from './home-page';
import { theme } from './theme';

/** The web shell arrives with the next issue (routing, layouts, i18n); this is its root. */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <HomePage />
    </MantineProvider>
  );
}
