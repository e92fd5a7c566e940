import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../../../i18n/i18n';

/** Renders with a fresh query cache (returned, to seed or read it) and Mantine. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>{ui}</TestMantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
