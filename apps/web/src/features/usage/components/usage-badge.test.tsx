import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Usage } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import '../../../i18n/i18n';
import { usageKey } from '../api/use-usage';
import { usageLevel, usagePercent } from '../lib/usage-level';
import { UsageBadge } from './usage-badge';

const usageOf = (used: number, quota: number | null): Usage => ({
  planId: quota === null ? 'unlimited' : 'starter',
  used,
  quota,
  remaining: quota === null ? null : Math.max(quota - used, 0),
  periodStart: '2025-03-01T00:00:00.000Z',
  periodEnd: '2025-04-01T00:00:00.000Z',
  timeZone: 'UTC',
});

/** The badge over a cache that already holds the usage (nothing is fetched). */
function renderBadge(usage: Usage) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(usageKey, usage);
  return render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>
        <UsageBadge />
      </TestMantineProvider>
    </QueryClientProvider>,
  );
}

describe('the usage levels', () => {
  it.each([
    [0, 1_000, 'normal', 0],
    [799, 1_000, 'normal', 79],
    [800, 1_000, 'warning', 80],
    [999, 1_000, 'warning', 99],
    [1_000, 1_000, 'danger', 100],
    // Opt-out confirmations may pass the quota: still red, never above 100 %.
    [1_003, 1_000, 'danger', 100],
    [8_000, 10_000, 'warning', 80],
    [5_000_000, null, 'unlimited', null],
  ] as const)('%i of %s is %s (%s %)', (used, quota, level, percent) => {
    expect(usageLevel({ used, quota })).toBe(level);
    expect(usagePercent({ used, quota })).toBe(percent);
  });
});

describe('UsageBadge', () => {
  it('shows the share used, plain below 80 %', () => {
    renderBadge(usageOf(420, 1_000));
    const badge = screen.getByTestId('usage-badge');
    expect(badge.getAttribute('data-level')).toBe('normal');
    expect(badge.textContent).toBe('SMS 42%');
    expect(badge.getAttribute('aria-label')).toBe('SMS quota: 42% used');
  });

  it('turns to warning at 80 % and to danger at 100 %', () => {
    const { unmount } = renderBadge(usageOf(800, 1_000));
    expect(screen.getByTestId('usage-badge').getAttribute('data-level')).toBe('warning');
    expect(screen.getByTestId('usage-badge').textContent).toBe('SMS 80%');
    unmount();
    renderBadge(usageOf(1_000, 1_000));
    expect(screen.getByTestId('usage-badge').getAttribute('data-level')).toBe('danger');
    expect(screen.getByTestId('usage-badge').textContent).toBe('SMS 100%');
  });

  it('is not shown for an unlimited plan', () => {
    renderBadge(usageOf(123_456, null));
    expect(screen.queryByTestId('usage-badge')).toBeNull();
  });
});
