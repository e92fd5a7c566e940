import { createTheme, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Mantine for component tests: no portals' delays and no transition timers. With reduced motion
 * respected (setup.ts makes jsdom report it), a dropdown or modal that closes sets no timer that
 * could fire after the test file's jsdom is gone ("window is not defined" on a busy machine).
 */
const theme = createTheme({ respectReducedMotion: true });

export function TestMantineProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test" theme={theme}>
      {children}
    </MantineProvider>
  );
}
