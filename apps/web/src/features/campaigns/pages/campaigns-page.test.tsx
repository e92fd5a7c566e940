import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { aCampaign, NO_COUNTS, stubFetch, type SentRequest } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import CampaignsPage from './campaigns-page';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

const done = aCampaign({
  state: 'completed',
  audience: {
    all: false,
    listIds: ['00000000-0000-4000-8000-0000000000d1'],
    tags: [],
    excludeListIds: [],
    excludeTags: [],
  },
  counts: { ...NO_COUNTS, recipients: 3, delivered: 2, failed: 1, optedOut: 1 },
  startedAt: '2026-03-10T12:05:00.000Z',
});

function api(request: SentRequest) {
  const path = request.url.split('?')[0];
  if (path === '/api/campaigns' && request.method === 'POST')
    return {
      status: 201,
      body: { campaign: aCampaign({ id: '00000000-0000-4000-8000-0000000000c7', name: 'Summer' }) },
    };
  if (path === '/api/campaigns') return { status: 200, body: { campaigns: [done], nextCursor: null } };
  if (path === '/api/contact-lists')
    return {
      status: 200,
      body: { lists: [{ id: '00000000-0000-4000-8000-0000000000d1', name: 'Regulars', memberCount: 3 }] },
    };
  if (path === '/api/contact-tags') return { status: 200, body: { tags: [] } };
  if (path === '/api/contact-fields') return { status: 200, body: { fields: [] } };
  if (path === '/api/usage')
    return {
      status: 200,
      body: {
        planId: 'unlimited',
        used: 5,
        quota: null,
        remaining: null,
        periodStart: '2026-03-01T00:00:00.000Z',
        periodEnd: '2026-04-01T00:00:00.000Z',
        timeZone: 'UTC',
      },
    };
  return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
}

describe('CampaignsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the campaigns of the state in the URL with their audience, sent and rates', async () => {
    const sent = stubFetch(api);
    renderWithProviders(<CampaignsPage />, '/views/campaigns?state=completed');
    const row = await screen.findByTestId('campaign-row');
    expect(sent.map((request) => request.url)).toContain('/api/campaigns?state=completed');
    expect(within(row).getByText('Completed')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Regulars')).toBeTruthy());
    expect(row.textContent).toContain('3 / 3');
    expect(row.textContent).toContain('66.7%');
    expect(row.textContent).toContain('33.3%');
    expect(row.textContent).toContain('Ada Admin');
  });

  it('names the API key that made a campaign through the developer API', async () => {
    const byKey = aCampaign({ createdBy: null, createdByApiKey: { id: null, name: 'Shop backend' } });
    stubFetch((request) =>
      request.url.split('?')[0] === '/api/campaigns'
        ? { status: 200, body: { campaigns: [byKey], nextCursor: null } }
        : api(request),
    );
    renderWithProviders(<CampaignsPage />);
    const row = await screen.findByTestId('campaign-row');
    expect(row.textContent).toContain('API key Shop backend');
  });

  it('names and creates a new draft', async () => {
    const sent = stubFetch(api);
    renderWithProviders(<CampaignsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: ' Summer ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Summer' }));
  });
});
