import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aTeamUser, stubFetch } from '../test/fixtures';
import { renderPage } from '../test/render';
import { UserActions } from './user-actions';

describe('UserActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks before blocking, then sends the new status', async () => {
    const user = aTeamUser({ displayName: 'Bob' });
    const sent = stubFetch(() => ({ status: 200, body: { user: { ...user, status: 'blocked' } } }));
    renderPage(<UserActions user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Bob?' });
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: `/api/user-management/users/${user.id}`,
      body: { status: 'blocked' },
    });
    expect(await screen.findByText('Bob is now Blocked.')).toBeTruthy();
  });

  it('shows the last-admin refusal in words', async () => {
    const user = aTeamUser({ displayName: 'Ada', role: 'admin' });
    stubFetch(() => ({ status: 409, body: { error: 'Last admin', code: 'LAST_ADMIN' } }));
    renderPage(<UserActions user={user} />);
    fireEvent.click(screen.getByRole('button', { name: 'Make editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Ada an editor?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make editor' }));
    expect(await screen.findByText('A workspace needs at least one active admin.')).toBeTruthy();
  });

  it('removes after confirmation and returns to the list', async () => {
    const user = aTeamUser({ displayName: 'Cy' });
    const sent = stubFetch(() => ({ status: 204 }));
    renderPage(<UserActions user={user} />, {
      route: '/apps/user/user-view/:id',
      path: `/apps/user/user-view/${user.id}`,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Cy?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from the team' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/apps/user/user-list');
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: `/api/user-management/users/${user.id}` });
  });
});
