import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import '../../../i18n/i18n';

/** Renders with a fresh query cache, Mantine and a router at `path` (the page keeps its state in the URL). */
export function renderWithProviders(ui: ReactNode, path = '/views/contacts') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <TestMantineProvider>{ui}</TestMantineProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}
