import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Usage } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch } from '../../../test/stub-fetch';
import { usageKey } from '../api/use-usage';
import { UsageBar } from './usage-bar';

const usage: Usage = {
  planId: 'starter',
  used: 120,
  quota: 1_000,
  remaining: 880,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-04-01T00:00:00.000Z',
  timeZone: 'UTC',
};

function renderBar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(usageKey, usage);
  render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>
        <UsageBar usage={usage} />
      </TestMantineProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

async function pick(zone: string) {
  fireEvent.click(screen.getByRole('button', { name: /Change the workspace’s time zone \(UTC\)/ }));
  const search = await screen.findByRole('textbox', { name: /Workspace time zone/ });
  fireEvent.change(search, { target: { value: zone } });
  fireEvent.click(await screen.findByRole('option', { name: zone, hidden: true }));
}

describe('the workspace time zone under the usage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the zone and saves the one picked, then reads the usage again', async () => {
    const sent = stubFetch(({ method }) =>
      method === 'PATCH'
        ? { status: 200, body: { workspace: { timeZone: 'Asia/Tokyo' } } }
        : { status: 200, body: { ...usage, timeZone: 'Asia/Tokyo' } },
    );
    const queryClient = renderBar();
    expect(screen.getByTestId('workspace-time-zone').textContent).toContain('Time zone: \u2066UTC\u2069');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await pick('Asia/Tokyo');

    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
      url: '/api/workspace',
      body: { timeZone: 'Asia/Tokyo' },
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: usageKey }));
  });

  it('sends nothing when the same zone is picked again', async () => {
    const sent = stubFetch(() => ({ status: 500 }));
    renderBar();
    await pick('UTC');
    expect(await screen.findByTestId('workspace-time-zone')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
