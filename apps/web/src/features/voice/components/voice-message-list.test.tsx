import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { VoiceMessage } from '@switchboard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import { aNetwork } from '../../../test/network-fixtures';
import { NO_VOICE_FILTERS, type VoiceFilters } from '../lib/voice-filters';
import { aContact, aVoiceMessage } from '../test/fixtures';
import { VoiceMessageList } from './voice-message-list';

const sandbox = aNetwork({ id: '00000000-0000-4000-8000-aaaaaaaaaaaa', name: 'Front desk' });

/** Answers GET /api/networks and GET /api/voice-messages (by cursor) and keeps the URLs asked for. */
function stubApi(pages: Record<string, { voiceMessages: VoiceMessage[]; nextCursor: string | null }>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/networks') return new Response(JSON.stringify({ networks: [sandbox] }), { status: 200 });
      const cursor = new URL(url, 'http://localhost').searchParams.get('cursor') ?? 'first';
      const page = pages[cursor];
      if (!page) return new Response(JSON.stringify({ error: 'Nope', code: 'INTERNAL' }), { status: 500 });
      return new Response(JSON.stringify(page), { status: 200 });
    }),
  );
  return asked;
}

function renderList(filters: VoiceFilters = NO_VOICE_FILTERS, onSelect = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestMantineProvider>
        <VoiceMessageList filters={filters} selectedId={null} onSelect={onSelect} />
      </TestMantineProvider>
    </QueryClientProvider>,
  );
  return { onSelect };
}

describe('VoiceMessageList', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the scroller a height so the virtualiser renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows caller, network, time, duration and transcript, unlistened ones marked', async () => {
    const named = aVoiceMessage({
      contact: aContact({ name: 'Ada Lovelace', phoneNumber: '+14155550123' }),
      durationSeconds: 125,
      transcript: 'Please call me back about the invoice.',
      createdAt: '2026-03-10T12:34:00.000Z',
    });
    const listened = aVoiceMessage({
      contact: aContact({ phoneNumber: '+4930123456' }),
      durationSeconds: 7,
      listened: true,
      listenedAt: '2026-03-10T13:00:00.000Z',
    });
    stubApi({ first: { voiceMessages: [named, listened], nextCursor: null } });
    const { onSelect } = renderList();

    const rows = await screen.findAllByTestId('voice-message-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Ada Lovelace')).toBeTruthy();
    expect(first.getByText('2:05')).toBeTruthy();
    expect(first.getByText(formatDateTime(named.createdAt))).toBeTruthy();
    expect(first.getByText('Please call me back about the invoice.')).toBeTruthy();
    expect(first.getByText('Not listened to yet')).toBeTruthy();
    await waitFor(() => expect(rows[0]!.textContent).toContain('+14155550123 · Front desk'));
    expect(rows[0]!.hasAttribute('data-unlistened')).toBe(true);

    const second = within(rows[1]!);
    expect(second.getByText('+4930123456')).toBeTruthy();
    expect(second.getByText('0:07')).toBeTruthy();
    expect(second.getByText('No transcript')).toBeTruthy();
    expect(second.queryByText('Not listened to yet')).toBeNull();
    expect(rows[1]!.hasAttribute('data-unlistened')).toBe(false);

    fireEvent.click(rows[1]!);
    expect(onSelect).toHaveBeenCalledWith(listened.id);
    expect(screen.getByText('No older voice messages.')).toBeTruthy();
  });

  it('loads the next cursor page when the end comes near, with the filters', async () => {
    const first = [aVoiceMessage({ createdAt: '2026-03-10T12:02:00.000Z' })];
    const older = [aVoiceMessage({ createdAt: '2026-03-10T12:01:00.000Z' })];
    const asked = stubApi({
      first: { voiceMessages: first, nextCursor: 'page-2' },
      'page-2': { voiceMessages: older, nextCursor: null },
    });
    renderList({ ...NO_VOICE_FILTERS, unlistened: true, q: 'ada' });

    await waitFor(() => expect(screen.getAllByTestId('voice-message-row')).toHaveLength(2));
    const listCalls = asked.filter((url) => url.startsWith('/api/voice-messages'));
    expect(listCalls).toEqual([
      '/api/voice-messages?q=ada&unlistened=true',
      '/api/voice-messages?q=ada&unlistened=true&cursor=page-2',
    ]);
  });

  it('says so when nothing matches the filters, and offers a retry when loading fails', async () => {
    stubApi({ first: { voiceMessages: [], nextCursor: null } });
    renderList({ ...NO_VOICE_FILTERS, q: 'nobody' });
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();

    vi.unstubAllGlobals();
    stubApi({});
    renderList({ ...NO_VOICE_FILTERS, q: 'broken' });
    expect(await screen.findByText('The voice messages could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('invites the first voice message when there are none at all', async () => {
    stubApi({ first: { voiceMessages: [], nextCursor: null } });
    renderList();
    expect(await screen.findByText('No voice messages yet')).toBeTruthy();
  });
});
