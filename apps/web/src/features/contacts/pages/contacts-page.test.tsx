import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aContact, stubFetch, type SentRequest } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import ContactsPage from './contacts-page';

const ada = aContact({ name: 'Ada', tags: ['vip'] });
const ben = aContact({ name: 'Ben', tags: ['vip'] });

/** The book's API: two contacts loaded so far out of 120 matching. */
function api(request: SentRequest) {
  const path = request.url.split('?')[0];
  if (path === '/api/contacts') return { status: 200, body: { contacts: [ada, ben], nextCursor: null } };
  if (path === '/api/contacts/count') return { status: 200, body: { count: 120 } };
  if (path === '/api/contacts/bulk') return { status: 200, body: { affected: 120, skipped: 0 } };
  if (path === '/api/contacts/export') return { status: 200, body: 'phone_number\n' };
  if (path === '/api/contact-tags') return { status: 200, body: { tags: [{ tag: 'vip', count: 120 }] } };
  if (path === '/api/contact-lists') return { status: 200, body: { lists: [] } };
  if (path === '/api/contact-fields') return { status: 200, body: { fields: [] } };
  return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
}

describe('ContactsPage', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the scroller a height so the virtualiser renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads its filter from the URL and asks the API for that filter', async () => {
    const sent = stubFetch(api);
    renderWithProviders(<ContactsPage />, '/views/contacts?tag=vip&sort=name&order=asc');
    expect(await screen.findByText('120 contacts')).toBeTruthy();
    expect(sent.map((request) => request.url)).toContain('/api/contacts?tag=vip&sort=name&order=asc');
    expect(sent.map((request) => request.url)).toContain('/api/contacts/count?tag=vip');
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('selects all matching contacts, not only the loaded ones, and tags them by the filter', async () => {
    const sent = stubFetch(api);
    renderWithProviders(<ContactsPage />, '/views/contacts?tag=vip');
    await screen.findByText('120 contacts');
    await screen.findByRole('button', { name: 'Ada' });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all contacts shown' }));
    const bar = screen.getByRole('region', { name: 'Selected contacts' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 120 matching' }));
    expect(within(bar).getByText('All 120 matching contacts are selected.')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Tags' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add a tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag to 120 contacts' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag' }), { target: { value: 'gold' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(sent.some((request) => request.url === '/api/contacts/bulk')).toBe(true));
    expect(sent.find((request) => request.url === '/api/contacts/bulk')?.body).toEqual({
      action: 'tag',
      tag: 'gold',
      selection: { filter: { tag: 'vip' } },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected contacts' })).toBeNull());
  });

  it('sends rows ticked by hand, and those unticked from "all matching", as such', async () => {
    const sent = stubFetch(api);
    renderWithProviders(<ContactsPage />, '/views/contacts?tag=vip');
    await screen.findByRole('button', { name: 'Ada' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all contacts shown' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120 matching' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ben' }));
    const bar = screen.getByRole('region', { name: 'Selected contacts' });
    expect(within(bar).getByText('119 selected')).toBeTruthy();

    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 119 contacts?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete contacts' }));
    await waitFor(() => expect(sent.some((request) => request.url === '/api/contacts/bulk')).toBe(true));
    expect(sent.find((request) => request.url === '/api/contacts/bulk')?.body).toEqual({
      action: 'delete',
      selection: { filter: { tag: 'vip' }, exceptIds: [ben.id] },
    });
  });

  it('exports only the rows ticked by hand, in the list’s order', async () => {
    const sent = stubFetch(api);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderWithProviders(<ContactsPage />, '/views/contacts?sort=name&order=asc');
    await screen.findByRole('button', { name: 'Ada' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    const bar = screen.getByRole('region', { name: 'Selected contacts' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(sent.some((request) => request.method === 'POST' && request.url === '/api/contacts/export')).toBe(true),
    );
    expect(sent.find((request) => request.url === '/api/contacts/export')?.body).toEqual({
      selection: { ids: [ada.id] },
      sort: 'name',
      order: 'asc',
    });
  });
});
