import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch } from '../../../test/stub-fetch';
import VerifyEmailPage from './verify-email-page';

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <StrictMode>
      <TestMantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <VerifyEmailPage />
          </MemoryRouter>
        </QueryClientProvider>
      </TestMantineProvider>
    </StrictMode>,
  );
}

describe('VerifyEmailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the link’s token once (it works once), then says the address is in use', async () => {
    const sent = stubFetch(() => ({ status: 200, body: { ok: true } }));
    renderPage('/pages/verify-email?token=abcdefghijklmnop');
    expect(await screen.findByText('Your e-mail address is verified and now in use.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/account/email/verify', body: { token: 'abcdefghijklmnop' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows why a used or expired link fails', async () => {
    stubFetch(() => ({
      status: 400,
      body: { error: 'The link is not valid.', code: 'INVALID_VERIFICATION_TOKEN' },
    }));
    renderPage('/pages/verify-email?token=abcdefghijklmnop');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This verification link is invalid, used or expired.',
    );
  });

  it('asks for the link again when the token is missing, without a call', async () => {
    const sent = stubFetch(() => ({ status: 200, body: { ok: true } }));
    renderPage('/pages/verify-email');
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
