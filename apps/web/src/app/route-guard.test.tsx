import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserData, UserRole } from '@switchboard/contract';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { session } from '../lib/session';
import { RouteGuard } from './route-guard';
import type { PageHandle } from '../lib/routing/page-handle';

const user = (userRole: UserRole): UserData => ({
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: null,
  providerId: 'password',
  userRole,
  workspaceId: '00000000-0000-4000-8000-000000000002',
});

const page = (path: string, title: string, handle: PageHandle) => ({ path, handle, element: <h1>{title}</h1> });

/** The app's guard above a few pages with the route table's handles. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          page('/views/networks', 'Networks', { id: 'networks', loginRequired: true, rule: 'admin' }),
          page('/apps/chat', 'Chat', { id: 'chat', loginRequired: true, rule: 'editor' }),
          page('/home', 'Home', { id: 'home', loginRequired: false, rule: 'editor' }),
          page('/pages/login', 'Login', { id: 'login', loginRequired: false, rule: 'editor' }),
          page('/pages/not-authorized', 'Not Authorized', { id: 'notAuthorized', loginRequired: false, rule: null }),
          // A page whose chunk is still loading (it never arrives here).
          {
            path: '/slow',
            handle: { id: 'home', loginRequired: false, rule: null },
            lazy: () => new Promise(() => {}),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteGuard', () => {
  afterEach(() => session.signOut('signed-out'));

  it('sends an anonymous visitor of a login-required page to login with the wanted path in `to`', async () => {
    session.signOut('signed-out');
    const router = renderAt('/views/networks?tab=sms');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('/views/networks?tab=sms');
  });

  it('lets an anonymous visitor open a page that needs no login', async () => {
    session.signOut('signed-out');
    const router = renderAt('/home');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends an editor on an admin page to not-authorized', async () => {
    session.signIn(user('editor'), 'token', false);
    const router = renderAt('/views/networks');
    expect(await screen.findByRole('heading', { name: 'Not Authorized' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/not-authorized');
  });

  it('lets an editor open an editor page and an admin open an admin page', async () => {
    session.signIn(user('editor'), 'token', false);
    renderAt('/apps/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeTruthy();

    session.signIn(user('admin'), 'token', false);
    const router = renderAt('/views/networks');
    expect(await screen.findByRole('heading', { name: 'Networks' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/views/networks');
  });

  it('sends a user whose session expires while on a login-required page to login', async () => {
    session.signIn(user('admin'), 'token', true);
    const router = renderAt('/views/networks');
    expect(await screen.findByRole('heading', { name: 'Networks' })).toBeTruthy();

    session.signOut('expired');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?to=${encodeURIComponent('/views/networks')}`);
  });

  it('leaves the page being left alone while a navigation away is under way (logout)', async () => {
    session.signIn(user('admin'), 'token', true);
    const router = renderAt('/views/networks');
    expect(await screen.findByRole('heading', { name: 'Networks' })).toBeTruthy();

    await act(async () => {
      void router.navigate('/slow', { flushSync: true });
    });
    expect(router.state.navigation.state).toBe('loading');
    act(() => session.signOut('signed-out'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/views/networks');
    expect(router.state.navigation.location?.pathname).toBe('/slow');
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
  });
});
