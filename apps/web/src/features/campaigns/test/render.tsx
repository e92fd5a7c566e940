import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import '../../../i18n/i18n';

/** Renders a campaigns page at `path` (route `/views/campaigns/:id` too) with a fresh query cache. */
export function renderWithProviders(ui: ReactNode, path = '/views/campaigns') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <TestMantineProvider>
          <Routes>
            <Route path="/views/campaigns" element={ui} />
            <Route path="/views/campaigns/:id" element={ui} />
          </Routes>
        </TestMantineProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
