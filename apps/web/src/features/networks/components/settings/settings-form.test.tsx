import { TestMantineProvider } from '../../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Network } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n/i18n';
import { anSmppNetwork } from '../../../../test/network-fixtures';
import { SettingsForm } from './settings-form';

function renderForm(network: Network) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>
        <SettingsForm network={network} title="Settings">
          {null}
        </SettingsForm>
      </TestMantineProvider>
    </QueryClientProvider>,
  );
}

/** Answers every request with the network (as PATCH does) and keeps what was sent. */
function stubApi(network: Network) {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ network }), { status: 200 });
    }),
  );
  return sent;
}

describe('SettingsForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stored password masked and sends only what changed', async () => {
    const network = anSmppNetwork();
    const sent = stubApi(network);
    renderForm(network);

    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('value', '');
    expect(password.getAttribute('placeholder')).toBe('••••••••wxyz');
    expect(screen.getByText(/Stored: ••••••••wxyz/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Renamed bind' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: `/api/networks/${network.id}`,
      body: { name: 'Renamed bind' },
    });
  });

  it('checks a change with the contract’s schema before sending it', async () => {
    const network = anSmppNetwork();
    const sent = stubApi(network);
    renderForm(network);

    fireEvent.change(screen.getByLabelText(/^Host/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please fill this in.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('replaces a secret only when a new one is typed', async () => {
    const network = anSmppNetwork();
    const sent = stubApi(network);
    renderForm(network);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'n3w-pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ settings: { password: 'n3w-pw' } });
  });
});
