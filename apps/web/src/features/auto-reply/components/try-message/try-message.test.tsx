import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TryAutoReplyResult } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../lib/format';
import { aNetwork } from '../../../../test/network-fixtures';
import { stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TryMessage } from './try-message';

const network = aNetwork({ name: 'Sandbox' });

function renderTry(result: TryAutoReplyResult) {
  const sent = stubFetch(({ url }) =>
    url === '/api/networks' ? { status: 200, body: { networks: [network] } } : { status: 200, body: result },
  );
  renderWithProviders(<TryMessage />);
  return sent;
}

async function tryText(from: string, text: string) {
  await screen.findByRole('textbox', { name: 'Network' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Sender’s number' }), { target: { value: from } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Try' }));
}

describe('TryMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains a cooldown with the rule and when the contact can be answered again', async () => {
    const retryAt = '2026-03-10T13:00:00.000Z';
    const sent = renderTry({
      outcome: 'none',
      reason: 'cooldown',
      rule: { id: '00000000-0000-4000-9000-000000000001', name: 'Prices' },
      retryAt,
    });
    await tryText('+14155550123', 'price?');

    expect(
      await screen.findByText('Rule “Prices” matches, but it answered this contact less than its cooldown ago.'),
    ).toBeTruthy();
    const again = screen.getByText(/^The contact can get an auto-reply again from/);
    // The time is kept in one piece in right-to-left text (isolate marks around it).
    expect(again.textContent).toBe(
      `The contact can get an auto-reply again from \u2066${formatDateTime(retryAt)}\u2069.`,
    );
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/auto-reply/try',
      body: { networkId: network.id, from: '+14155550123', text: 'price?' },
    });
  });

  it('shows the rule that would answer and its reply', async () => {
    renderTry({
      outcome: 'reply',
      rule: { id: '00000000-0000-4000-9000-000000000001', name: 'Prices' },
      reply: 'Our prices: example.com/prices',
      encoding: 'GSM-7',
      segments: 1,
    });
    await tryText('+14155550123', 'PRICE');
    expect(await screen.findByText('Rule “Prices” would answer')).toBeTruthy();
    expect(screen.getByText('Our prices: example.com/prices')).toBeTruthy();
    expect(screen.getByText('GSM-7 · SMS parts: 1')).toBeTruthy();
  });

  it('says why a short code gets no reply', async () => {
    renderTry({ outcome: 'none', reason: 'short-code', rule: null, retryAt: null });
    await tryText('12345', 'PRICE');
    expect(await screen.findByText(/The sender is a short code/)).toBeTruthy();
  });

  it('asks for the sender before trying', async () => {
    const sent = renderTry({ outcome: 'none', reason: 'no-match', rule: null, retryAt: null });
    await tryText('  ', 'PRICE');
    expect(await screen.findByText('Enter the sender’s number.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
