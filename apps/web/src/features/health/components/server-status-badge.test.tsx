import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerStatusBadge } from './server-status-badge';

function renderBadge() {
  return render(
    <MantineProvider>
      <ServerStatusBadge />
    </MantineProvider>,
  );
}

describe('ServerStatusBadge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows "Server ready" when /api/health answers ok', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ status: 'ok' }), { status: 200 })));
    renderBadge();
    expect(await screen.findByText('Server ready')).toBeTruthy();
  });

  it('shows "Server unavailable" when the health check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: 'x', code: 'UNAVAILABLE' }), { status: 503 })),
    );
    renderBadge();
    expect(await screen.findByText('Server unavailable')).toBeTruthy();
  });
});
