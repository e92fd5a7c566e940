import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch } from '../../../test/stub-fetch';
import TwoFactorLoginStep from './two-factor-login-step';

const session = {
  userData: {
    displayName: 'Ada',
    email: 'ada@example.com',
    photoURL: null,
    providerId: 'jwt',
    uid: '0b7c6c5e-2f1a-4d4b-9c3e-5a6b7c8d9e0f',
    userRole: 'admin',
  },
  accessToken: 'token',
};

function renderStep(onSignedIn = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <TwoFactorLoginStep challenge="challenge-0123456789" onSignedIn={onSignedIn} onBack={vi.fn()} />
      </QueryClientProvider>
    </TestMantineProvider>,
  );
  return onSignedIn;
}

describe('TwoFactorLoginStep', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the challenge with the code and hands the session on', async () => {
    const sent = stubFetch(() => ({ status: 200, body: session }));
    const onSignedIn = renderStep();
    fireEvent.change(await screen.findByRole('textbox', { name: /6-digit code/ }), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      body: { challenge: 'challenge-0123456789', code: '123456' },
    });
  });

  it('takes a recovery code instead, and shows a refused one on its field', async () => {
    const sent = stubFetch(() => ({
      status: 401,
      body: { error: 'The code is not valid.', code: 'TWO_FACTOR_INVALID' },
    }));
    const onSignedIn = renderStep();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByRole('textbox', { name: /Recovery code/ });
    fireEvent.change(field, { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(sent[0]?.body).toEqual({ challenge: 'challenge-0123456789', recoveryCode: 'abcd-efgh' });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for six digits before calling the server', async () => {
    const sent = stubFetch(() => ({ status: 200, body: session }));
    renderStep();
    fireEvent.change(await screen.findByRole('textbox', { name: /6-digit code/ }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
