import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aTeamUser, anInvitation, stubFetch, type SentRequest } from '../test/fixtures';
import { renderPage } from '../test/render';
import TeamPage from './team-page';

const ada = aTeamUser({ displayName: 'Ada Lovelace', username: 'ada', role: 'admin', lastActiveAt: null });
const bob = aTeamUser({ displayName: 'Bob Blocked', status: 'blocked' });
const pending = anInvitation({ email: 'new@example.com' });

function serve(request: SentRequest): { status: number; body?: unknown } {
  if (request.url.startsWith('/api/user-management/users')) {
    const query = new URLSearchParams(request.url.split('?')[1]);
    const users = query.get('status') === 'blocked' ? [bob] : [ada, bob];
    return { status: 200, body: { users, total: users.length === 1 ? 1 : 42, page: 1, perPage: 10 } };
  }
  if (request.url === '/api/user-management/invitations' && request.method === 'GET') {
    return { status: 200, body: { invitations: [pending] } };
  }
  if (request.url === '/api/user-management/invitations' && request.method === 'POST') {
    const body = request.body as { email: string; role: 'admin' | 'editor' };
    return { status: 201, body: { invitation: anInvitation({ email: body.email, role: body.role }) } };
  }
  return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
}

describe('TeamPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the users with role, status and last activity, and the invitations', async () => {
    const sent = stubFetch(serve);
    renderPage(<TeamPage />, { path: '/apps/user/user-list' });
    const table = await screen.findByRole('table', { name: 'Users of the workspace' });
    const row = within(table).getByText('Ada Lovelace').closest('tr')!;
    expect(within(row).getByText('@ada')).toBeTruthy();
    expect(within(row).getByText('Admin')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(table).getByText('Blocked')).toBeTruthy();
    expect(screen.getByText('42 users')).toBeTruthy();
    expect(sent.map((r) => r.url)).toContain('/api/user-management/users?page=1&perPage=10');
    const invitations = await screen.findByRole('table', { name: 'Invitations' });
    expect(within(invitations).getByText('new@example.com')).toBeTruthy();
    expect(within(invitations).getByRole('button', { name: 'Revoke the invitation to new@example.com' })).toBeTruthy();
    // 42 users at 10 a page: five pages.
    expect(screen.getByRole('button', { name: '5' })).toBeTruthy();
  });

  it('filters by status through the URL’s query', async () => {
    const sent = stubFetch(serve);
    renderPage(<TeamPage />, { path: '/apps/user/user-list?status=blocked&page=2' });
    await screen.findByText('Bob Blocked');
    expect(sent.some((r) => r.url === '/api/user-management/users?status=blocked&page=2&perPage=10')).toBe(true);
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });

  it('invites by e-mail and role, and lists the new invitation', async () => {
    const sent = stubFetch(serve);
    renderPage(<TeamPage />, { path: '/apps/user/user-list' });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid e-mail address.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: ' Grace@Example.com ' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/user-management/invitations',
      body: { email: 'grace@example.com', role: 'admin' },
    });
    const invitations = screen.getByRole('table', { name: 'Invitations' });
    expect(await within(invitations).findByText('grace@example.com')).toBeTruthy();
  });
});
