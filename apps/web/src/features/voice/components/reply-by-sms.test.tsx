import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { VoiceMessage } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { aContact, aVoiceMessage } from '../test/fixtures';
import { ReplyBySms } from './reply-by-sms';

function renderReply(message: VoiceMessage) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>
        <ReplyBySms message={message} />
      </TestMantineProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: `Reply to ${message.contact.phoneNumber}` });
}

/** Answers POST /api/conversations/:id/messages with `status` and `body`, and keeps what was sent. */
function stubReply(status: number, body: unknown) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return sent;
}

describe('ReplyBySms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends on Enter into the caller’s conversation; Shift+Enter does not send', async () => {
    const message = aVoiceMessage();
    const sent = stubReply(201, { message: {} });
    const box = renderReply(message);

    fireEvent.change(box, { target: { value: 'We will call you back' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(sent).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: `/api/conversations/${message.conversationId}/messages`,
      body: { body: 'We will call you back' },
    });
    expect(await screen.findByText('Your reply is on its way.')).toBeTruthy();
    expect(box).toHaveProperty('value', '');
  });

  it('shows the server’s refusal for an opted-out caller and keeps the text', async () => {
    stubReply(409, { error: 'The contact opted out.', code: 'CONTACT_OPTED_OUT' });
    const box = renderReply(aVoiceMessage());
    fireEvent.change(box, { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(/This contact opted out \(STOP\)/)).toBeTruthy();
    expect(box).toHaveProperty('value', 'Hello?');
  });

  it('is disabled, with the reason, when the caller has opted out', () => {
    const box = renderReply(aVoiceMessage({ contact: aContact({ optedOutAt: '2026-03-10T12:00:00.000Z' }) }));
    expect(box).toHaveProperty('disabled', true);
    expect(screen.getByText(/This caller opted out of text messages/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
