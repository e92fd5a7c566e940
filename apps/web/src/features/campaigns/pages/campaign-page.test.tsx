import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Campaign } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../test/fake-socket';
import { aNetwork } from '../../../test/network-fixtures';
import { aCampaign, aReview, NO_COUNTS, stubFetch, type SentRequest } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import CampaignPage from './campaign-page';

const socket = new FakeSocket();
vi.mock('../../../lib/realtime', () => ({ useSocket: () => socket }));

const usage = {
  planId: 'starter',
  used: 998,
  quota: 1000,
  remaining: 2,
  periodStart: '2026-03-01T00:00:00.000Z',
  periodEnd: '2026-04-01T00:00:00.000Z',
  timeZone: 'UTC',
};
const fast = aNetwork({ name: 'Fast', throughput: 20 });
const slow = aNetwork({ id: '00000000-0000-4000-8000-0000000000b2', name: 'Slow', throughput: 5 });

/** The API around one campaign; PATCH answers the campaign with the change, as the server does. */
function serve(
  campaign: Campaign,
  extra: (request: SentRequest) => { status: number; body?: unknown } | null = () => null,
) {
  let current = campaign;
  return (request: SentRequest) => {
    const answer = extra(request);
    if (answer) return answer;
    const path = request.url.split('?')[0];
    if (path === `/api/campaigns/${campaign.id}` && request.method === 'PATCH') {
      current = { ...current, ...(request.body as object), updatedAt: new Date().toISOString() };
      return { status: 200, body: { campaign: current } };
    }
    if (path === `/api/campaigns/${campaign.id}`) return { status: 200, body: { campaign: current } };
    if (path === `/api/campaigns/${campaign.id}/review`) return { status: 200, body: aReview() };
    if (path === `/api/campaigns/${campaign.id}/throughput`)
      return { status: 200, body: { buckets: [], etaSeconds: 30 } };
    if (path === `/api/campaigns/${campaign.id}/recipients`)
      return { status: 200, body: { recipients: [], nextCursor: null } };
    if (path === '/api/networks') return { status: 200, body: { networks: [fast, slow] } };
    if (path === '/api/usage') return { status: 200, body: usage };
    if (path === '/api/contact-lists') return { status: 200, body: { lists: [] } };
    if (path === '/api/contact-tags') return { status: 200, body: { tags: [] } };
    if (path === '/api/contact-fields') return { status: 200, body: { fields: [{ key: 'city' }] } };
    if (path === '/api/contacts') return { status: 200, body: { contacts: [], nextCursor: null } };
    return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
  };
}

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH').map((r) => r.body);

describe('CampaignPage: the draft wizard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the name as it is typed, sending only the changed field', async () => {
    const campaign = aCampaign();
    const sent = stubFetch(serve(campaign));
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}`);
    const name = await screen.findByRole('textbox', { name: /Campaign name/ });
    fireEvent.change(name, { target: { value: 'Summer sale' } });
    await waitFor(() => expect(patches(sent)).toEqual([{ name: 'Summer sale' }]), { timeout: 3000 });
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });

  it('fills networks in the order chosen', async () => {
    const campaign = aCampaign();
    const sent = stubFetch(serve(campaign));
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}?step=networks`);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Fast/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Slow/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Slow up' }));
    await waitFor(() => expect(patches(sent).at(-1)).toEqual({ networkIds: [slow.id, fast.id] }), { timeout: 3000 });
  });

  it('imports a CSV into a list of its own and adds that list to the audience', async () => {
    const campaign = aCampaign();
    const listId = '00000000-0000-4000-8000-0000000000d1';
    const imported = { id: '00000000-0000-4000-8000-0000000000e1', state: 'running', processedRows: 0, totalRows: 3 };
    const sent = stubFetch(
      serve(campaign, (request) => {
        if (request.url === '/api/contacts/imports?purpose=campaign' && request.method === 'POST')
          return {
            status: 201,
            body: { import: imported, preview: [], suggestedMapping: ['name', 'number'], rememberedMapping: null },
          };
        if (request.url === '/api/contact-lists' && request.method === 'POST')
          return { status: 201, body: { list: { id: listId, name: 'x', memberCount: 0 } } };
        if (request.url.endsWith('/start')) return { status: 202, body: { import: imported } };
        return null;
      }),
    );
    const { container } = renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}?step=audience`);
    await screen.findByText('Upload a CSV for this campaign');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['name,number\nAda,+14155550100\n'], 'people.csv')] } });

    await waitFor(
      () => expect(patches(sent).at(-1)).toEqual({ audience: expect.objectContaining({ listIds: [listId] }) }),
      {
        timeout: 3000,
      },
    );
    expect(sent.find((request) => request.url === '/api/contacts/imports?purpose=campaign')?.body).toBeInstanceOf(
      FormData,
    );
    expect(
      (
        sent.find((request) => request.url === '/api/contact-lists' && request.method === 'POST')?.body as {
          name: string;
        }
      ).name,
    ).toMatch(/^Spring sale · /);
    expect(sent.find((request) => request.url.endsWith(`/imports/${imported.id}/start`))?.body).toEqual({
      mapping: ['name', 'number'],
      mode: 'update',
      listId,
    });
    expect(await screen.findByText('Importing 0 of 3 rows…')).toBeTruthy();
  });

  it('inserts a variable with a default and previews the text for a contact without values', async () => {
    const campaign = aCampaign({ body: 'Hello ' });
    const sent = stubFetch(serve(campaign));
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}?step=message`);
    const text = await screen.findByRole('textbox', { name: 'Text' });
    (text as HTMLTextAreaElement).setSelectionRange(6, 6);
    fireEvent.click(screen.getByRole('button', { name: 'Insert a variable' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Name/ }));
    expect((text as HTMLTextAreaElement).value).toBe('Hello {name|there}');
    expect(within(screen.getByTestId('campaign-preview')).getByText('Hello there')).toBeTruthy();
    expect(screen.getByTestId('campaign-body-encoding').textContent).toBe('GSM-7');
    // The server's worst case after personalisation, from the review of the saved draft.
    expect(await screen.findByTestId('campaign-worst-case')).toBeTruthy();
    await waitFor(() => expect(patches(sent).at(-1)).toEqual({ body: 'Hello {name|there}' }), { timeout: 3000 });

    fireEvent.change(text, { target: { value: 'Hello {name|there} from {city}' } });
    expect(await screen.findByText('This contact would be left out: no value for {city}.')).toBeTruthy();
  });

  it('keeps Start disabled while the review lists problems, with the reason', async () => {
    const campaign = aCampaign({ body: 'Hi' });
    stubFetch(
      serve(campaign, (request) =>
        request.url.endsWith('/review')
          ? { status: 200, body: aReview({ problems: [{ code: 'NO_NETWORK', message: 'Choose a network.' }] }) }
          : null,
      ),
    );
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}?step=review`);
    expect(await screen.findByText('Choose a network to send through.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start campaign' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Solve the problems above to start.')).toBeTruthy();
  });

  it('shows why the quota refused the start, with what it needs and what is left', async () => {
    const campaign = aCampaign({ body: 'Hi', networkIds: [fast.id] });
    const sent = stubFetch(
      serve(campaign, (request) =>
        request.url.endsWith('/start')
          ? { status: 402, body: { error: 'Over quota', code: 'QUOTA_EXCEEDED', remaining: 2, needed: 3 } }
          : null,
      ),
    );
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}?step=review`);
    expect((await screen.findByTestId('review-recipients')).textContent).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Start campaign' }));
    const alert = await screen.findByTestId('start-error');
    expect(alert.textContent).toContain('It needs 3 SMS parts but only 2 are left this month.');
    expect(sent.some((request) => request.url === `/api/campaigns/${campaign.id}/start`)).toBe(true);
  });
});

describe('CampaignPage: the report', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('moves its counts and state live from the socket events', async () => {
    const campaign = aCampaign({
      state: 'sending',
      startedAt: '2026-03-10T12:01:00.000Z',
      counts: { ...NO_COUNTS, recipients: 3, queued: 3, segments: 3 },
    });
    stubFetch(serve(campaign));
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}`);
    expect((await screen.findByTestId('count-queued')).textContent).toBe('3');
    expect(screen.getByTestId('campaign-state').textContent).toBe('Sending');

    socket.play('campaign.progress', {
      campaignId: campaign.id,
      state: 'sending',
      counts: { ...campaign.counts, queued: 1, delivered: 2 },
      etaSeconds: 5,
    });
    await waitFor(() => expect(screen.getByTestId('count-delivered').textContent).toBe('2'));
    expect(screen.getByTestId('count-queued').textContent).toBe('1');
    expect(screen.getByTestId('campaign-eta').textContent).toBe('About 5 sec left');

    // Another campaign's progress changes nothing here.
    socket.play('campaign.progress', {
      campaignId: '00000000-0000-4000-8000-0000000000c9',
      state: 'sending',
      counts: { ...campaign.counts, delivered: 99 },
      etaSeconds: 1,
    });
    expect(screen.getByTestId('count-delivered').textContent).toBe('2');

    socket.play('campaign.updated', {
      campaign: {
        ...campaign,
        state: 'completed',
        counts: { ...campaign.counts, queued: 0, delivered: 3, optedOut: 1 },
        finishedAt: '2026-03-10T12:02:00.000Z',
        updatedAt: '2026-03-10T12:02:00.000Z',
      },
    });
    await waitFor(() => expect(screen.getByTestId('campaign-state').textContent).toBe('Completed'));
    expect(screen.getByTestId('count-optedOut').textContent).toBe('1');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });

  it('asks before cancelling', async () => {
    const campaign = aCampaign({ state: 'sending', counts: { ...NO_COUNTS, recipients: 3, queued: 3 } });
    const sent = stubFetch(
      serve(campaign, (request) =>
        request.url.endsWith('/cancel')
          ? { status: 200, body: { campaign: { ...campaign, state: 'cancelled' } } }
          : null,
      ),
    );
    renderWithProviders(<CampaignPage />, `/views/campaigns/${campaign.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(sent.some((request) => request.url.endsWith('/cancel'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(screen.getByTestId('campaign-state').textContent).toBe('Cancelled'));
    expect(sent.filter((request) => request.url.endsWith('/cancel'))).toHaveLength(1);
  });
});
