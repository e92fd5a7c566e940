import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CARD_NAMES, type AnalyticsRange, type CardName, type Kpi } from '@switchboard/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { FakeSocket } from '../../../test/fake-socket';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import AnalyticsPage from './analytics-page';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

const range: AnalyticsRange = {
  from: '2026-11-21T05:00:00.000Z',
  to: '2026-11-28T05:00:00.000Z',
  previousFrom: '2026-11-14T05:00:00.000Z',
  previousTo: '2026-11-21T05:00:00.000Z',
  timeZone: 'America/New_York',
  granularity: 'day',
};
const kpis: Partial<Record<CardName, Kpi>> = {
  'messages-sent': { value: 12_345, previous: 10_000, change: 0.2345 },
  'messages-failed': { value: 30, previous: 20, change: 0.5 },
  'delivery-rate': { value: 0.975, previous: null, change: null },
};
const zeroKpi: Kpi = { value: 0, previous: 0, change: null };
const usage = {
  planId: 'pro',
  used: 1_200,
  quota: 10_000,
  remaining: 8_800,
  periodStart: '2026-11-01T04:00:00.000Z',
  periodEnd: '2026-12-01T05:00:00.000Z',
  timeZone: 'America/New_York',
};

const answers: Record<string, unknown> = {
  '/api/analytics/overview': {
    range,
    kpis: {},
    funnel: { queued: 100, sent: 90, delivered: 80, failed: 10 },
    failureReasons: [{ code: '30007', text: 'Carrier violation', count: 7 }],
    usage,
  },
  '/api/analytics/series': { range, points: [] },
  '/api/analytics/breakdown': { range, networks: [], campaigns: [] },
  '/api/analytics/health': {
    networks: [
      {
        networkId: '00000000-0000-4000-8000-000000000001',
        name: 'Sandbox',
        kind: 'sandbox',
        enabled: true,
        status: 'connected',
        lastSeenAt: '2026-11-27T14:07:00.000Z',
        sentLastHour: 1_500,
        failedLastHour: 2,
      },
    ],
  },
  '/api/table/dispatched-orders': {
    orders: [
      {
        kind: 'campaign',
        id: '00000000-0000-4000-8000-000000000002',
        title: 'Spring sale',
        networkName: null,
        state: 'completed',
        count: 2_500,
        at: '2026-11-27T13:00:00.000Z',
      },
    ],
  },
};

function serve(): SentRequest[] {
  return stubFetch((request) => {
    const [path] = request.url.split('?');
    const card = /^\/api\/card\/card-statistics\/(.+)$/.exec(path!);
    if (card) return { status: 200, body: { name: card[1], range, kpi: kpis[card[1] as CardName] ?? zeroKpi } };
    if (path! in answers) return { status: 200, body: answers[path!] };
    return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
  });
}

function renderPage(path = '/dashboard/analytics') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AnalyticsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

describe('AnalyticsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every card from its §7 call: k-format, rates, the change coloured by whether it is good news', async () => {
    const sent = serve();
    renderPage();
    const messagesSent = await screen.findByTestId('kpi-messages-sent');
    await waitFor(() => expect(plain(within(messagesSent).getByTestId('kpi-value').textContent)).toBe('12.3k'));
    expect(within(messagesSent).getByTestId('kpi-change').dataset.tone).toBe('good');
    expect(plain(messagesSent.textContent)).toContain('Previous period: 10k');
    expect(plain(messagesSent.textContent)).toContain('Up 23.5% on the previous period');
    const failed = screen.getByTestId('kpi-messages-failed');
    await waitFor(() => expect(within(failed).getByTestId('kpi-change').dataset.tone).toBe('bad'));
    const rate = screen.getByTestId('kpi-delivery-rate');
    await waitFor(() => expect(plain(within(rate).getByTestId('kpi-value').textContent)).toBe('97.5%'));
    expect(rate.textContent).toContain('No previous figure');
    const cardCalls = sent.filter((request) => request.url.startsWith('/api/card/card-statistics/'));
    expect(cardCalls.map((request) => request.url).sort()).toEqual(
      CARD_NAMES.map((name) => `/api/card/card-statistics/${name}?preset=7d`).sort(),
    );
  });

  it('shows the funnel, the failure reasons, the health strip and the dispatched table in the workspace’s time zone', async () => {
    serve();
    renderPage();
    expect(plain((await screen.findByTestId('analytics-range-shown')).textContent)).toBe('11/21/2026 – 11/27/2026');
    expect(plain(screen.getByTestId('analytics-time-zone').textContent)).toBe('Days and times in America/New_York');
    await waitFor(() =>
      expect(plain(screen.getByTestId('failure-reasons').textContent)).toContain('Carrier violation'),
    );
    expect(plain(screen.getByTestId('failure-reasons').textContent)).toContain('7 failed');
    const health = await screen.findByTestId('network-health-item');
    expect(plain(health.textContent)).toContain('Last seen 11/27/2026 09:07');
    expect(plain(health.textContent)).toContain('Last hour: 1.5k sent, 2 failed');
    const table = await screen.findByRole('table', { name: 'The latest outbound messages and campaigns' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(plain(row.textContent)).toContain('Spring sale');
    expect(plain(row.textContent)).toContain('2.5k');
    expect(plain(row.textContent)).toContain('11/27/2026 08:00');
    expect(within(row).getByRole('link', { name: 'Spring sale' }).getAttribute('href')).toBe(
      '/views/campaigns/00000000-0000-4000-8000-000000000002',
    );
    expect(await screen.findByText('No messages in this range.')).toBeTruthy();
    expect(screen.getByText('No campaign sent in this range.')).toBeTruthy();
  });

  it('asks again for the chosen preset, and once more when a message arrives', async () => {
    const sent = serve();
    renderPage('/dashboard/analytics?preset=30d');
    await screen.findByTestId('network-health-item');
    expect(sent.some((request) => request.url === '/api/analytics/overview?preset=30d')).toBe(true);
    fireEvent.click(screen.getByText('90 days'));
    await waitFor(() =>
      expect(sent.some((request) => request.url === '/api/analytics/overview?preset=90d')).toBe(true),
    );
    const before = sent.length;
    socket.play('message.created', { message: { direction: 'in' } });
    await waitFor(() => expect(sent.length).toBeGreaterThan(before));
  });
});
