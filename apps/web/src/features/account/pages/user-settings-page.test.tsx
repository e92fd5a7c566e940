import { TestMantineProvider } from '../../../test/mantine';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch } from '../../../test/stub-fetch';
import { anAccount } from './account-fixtures';
import UserSettingsPage from './user-settings-page';

function renderPage(path = '/pages/user-settings/UserSettings') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <UserSettingsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

describe('UserSettingsPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves only the changed fields of the profile', async () => {
    const sent = stubFetch((request) =>
      request.method === 'PATCH'
        ? { status: 200, body: { account: anAccount({ displayName: 'Ada King' }) } }
        : { status: 200, body: { account: anAccount() } },
    );
    renderPage();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Ada King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/api/account',
      body: { displayName: 'Ada King' },
    });
  });

  it('shows a taken username on the field and in the spec’s danger notification titled Error for 8.8 s', async () => {
    const show = vi.spyOn(notifications, 'show');
    stubFetch((request) =>
      request.method === 'PATCH'
        ? { status: 409, body: { error: 'This username is taken.', code: 'USERNAME_TAKEN' } }
        : { status: 200, body: { account: anAccount() } },
    );
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Username/ }), { target: { value: 'grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', title: 'Error', autoClose: 8800 })),
    );
    const field = screen.getByRole('textbox', { name: /^Username/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a username the contract does not accept before asking the server', async () => {
    const sent = stubFetch(() => ({ status: 200, body: { account: anAccount() } }));
    renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Username/ }), { target: { value: 'A!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/A username is 3–30 letters/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('opens the section named in the address, here two-factor, with the account’s state', async () => {
    stubFetch(() => ({ status: 200, body: { account: anAccount({ twoFactorEnabled: true, recoveryCodesLeft: 7 }) } }));
    renderPage('/pages/user-settings/UserSettings?section=two-factor');
    expect((await screen.findByTestId('two-factor-status')).textContent).toBe('On');
    expect(screen.getByText('Recovery codes left: 7')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Two-factor authentication' }).getAttribute('aria-selected')).toBe('true');
  });
});
