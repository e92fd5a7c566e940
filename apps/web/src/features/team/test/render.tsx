import { TestMantineProvider } from '../../../test/mantine';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../../i18n/i18n';

/**
 * Renders `ui` as the page of `route` (so useParams works) at `path`, with a fresh query cache,
 * Mantine and its notifications; other paths render their pathname, so a navigation shows.
 */
export function renderPage(ui: ReactNode, { route = '*', path = '/' }: { route?: string; path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <TestMantineProvider>
          <Notifications />
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </TestMantineProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}
