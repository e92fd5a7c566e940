import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { stubFetch, type SentRequest } from '../test/fixtures';
import { renderPage } from '../test/render';
import AcceptInvitationPage from './accept-invitation-page';

const TOKEN = 'a-token-from-the-mail';
const preview = {
  workspaceName: 'Analytical Engines',
  email: 'grace@example.com',
  role: 'editor',
  invitedBy: 'Ada Lovelace',
  expiresAt: '2026-03-17T12:00:00.000Z',
};
const userData = {
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'Grace Hopper',
  email: 'grace@example.com',
  photoURL: null,
  providerId: 'password',
  userRole: 'editor',
  workspaceId: '00000000-0000-4000-8000-000000000002',
};

function open(
  respond: (request: SentRequest) => { status: number; body?: unknown },
  path = `/pages/accept-invitation?token=${TOKEN}`,
) {
  const sent = stubFetch(respond);
  renderPage(<AcceptInvitationPage />, { route: '/pages/accept-invitation', path });
  return sent;
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('AcceptInvitationPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows what the link invites to, then creates the account, signs in and goes home', async () => {
    const signIn = vi.spyOn(session, 'signIn').mockImplementation(() => {});
    const sent = open((request) =>
      request.method === 'GET'
        ? { status: 200, body: preview }
        : { status: 200, body: { userData, accessToken: 'header.payload.signature' } },
    );
    // The first render of a test file may be slow on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Join Analytical Engines' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace invited you to join as Editor.')).toBeTruthy();
    expect((field(/^E-mail/) as HTMLInputElement).value).toBe('grace@example.com');
    expect(sent[0]?.url).toBe(`/api/invitations/${TOKEN}`);

    fireEvent.change(field(/^Name/), { target: { value: 'Grace Hopper' } });
    fireEvent.change(field(/^Password/), { target: { value: 'short' } });
    fireEvent.change(field(/^Confirm password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('The password must be at least 8 characters long.')).toBeTruthy();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(sent).toHaveLength(1);

    fireEvent.change(field(/^Password/), { target: { value: 'a-long-password' } });
    fireEvent.change(field(/^Confirm password/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(userData, 'header.payload.signature', true));
    expect(sent[1]).toEqual({
      method: 'POST',
      url: '/api/invitations/accept',
      body: { token: TOKEN, displayName: 'Grace Hopper', password: 'a-long-password' },
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/home');
  });

  it('says why a link cannot be used', async () => {
    open(() => ({
      status: 400,
      body: { error: 'This invitation has expired.', code: 'INVITATION_INVALID', invitationProblem: 'expired' },
    }));
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('This invitation has expired. Ask your workspace admin to send it again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/pages/login');
  });

  it('without a token, says the mail’s link is needed and asks nothing', async () => {
    const sent = open(() => ({ status: 500 }), '/pages/accept-invitation');
    expect(await screen.findByText('This page needs the link from the invitation e-mail.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
