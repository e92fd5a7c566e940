import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { UserData } from '@switchboard/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { session } from '../../../lib/session';
import { aNetwork } from '../../../test/network-fixtures';
import { stubFetch } from '../../../test/stub-fetch';
import DownloadsPage from './downloads-page';

const admin: UserData = {
  id: '00000000-0000-4000-8000-000000000001',
  uid: '00000000-0000-4000-8000-000000000001',
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: null,
  providerId: 'password',
  userRole: 'admin',
  workspaceId: '00000000-0000-4000-8000-000000000002',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DownloadsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

const section = (name: RegExp | string) => screen.getByRole('region', { name });

describe('DownloadsPage', () => {
  afterEach(() => {
    session.signOut('signed-out');
    vi.unstubAllGlobals();
  });

  it("fills in this server's mobile API URL for the app's private-server setup", () => {
    renderPage();
    const mobileUrl = `${window.location.origin}/api/mobile/v1`;
    const setup = section('Connect a phone to this server');
    expect(within(setup).getByText(mobileUrl)).toBeTruthy();
    expect(within(setup).getByRole('button', { name: 'Copy: API URL of this server' })).toBeTruthy();
    expect(within(setup).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(setup)
        .getByRole('link', { name: /Add an Android network/ })
        .getAttribute('href'),
    ).toBe('/views/networks?add=1');
  });

  it('says where to get the app and which release is known to work', () => {
    renderPage();
    const app = section('SMSGate: SMS Gateway for Android');
    expect(
      within(app)
        .getByRole('link', { name: /Download from GitHub/ })
        .getAttribute('href'),
    ).toBe('https://github.com/capcom6/android-sms-gateway/releases');
    expect(within(app).getByText(/v1\.68\.0/)).toBeTruthy();
    expect(within(app).getByText(/Android 5\.0 or newer/)).toBeTruthy();
  });

  it('explains https and warns that this http server would be refused by the app', () => {
    renderPage();
    const https = section('Why the app needs https');
    expect(within(https).getByText(/except 127\.0\.0\.1/)).toBeTruthy();
    expect(within(https).getByText('This server is reached over http')).toBeTruthy();
  });

  it('shows the android-sms-gateway client against this server’s third-party API', () => {
    renderPage();
    const client = section('Developer API client library');
    const baseUrl = `${window.location.origin}/api/3rdparty/v1`;
    expect(within(client).getByText('npm install android-sms-gateway')).toBeTruthy();
    expect(within(client).getByText(baseUrl)).toBeTruthy();
    const example = within(client).getByText(/new Client\(/);
    expect(example.textContent).toContain(`new Client(login, password, httpClient, '${baseUrl}')`);
    expect(example.textContent).toContain('await api.send(');
  });

  it('in Arabic the page is right-to-left and the URL stays a left-to-right block', async () => {
    await setLanguage('ar');
    try {
      renderPage();
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { name: 'ربط هاتف بهذا الخادم' })).toBeTruthy();
      const url = screen.getByText(`${window.location.origin}/api/mobile/v1`);
      expect(url.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
      expect(screen.getByRole('button', { name: 'نسخ: عنوان API لهذا الخادم' })).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  });

  it("an admin with an Android network sees the server's public address, as the pairing shows it", async () => {
    const android = aNetwork({
      kind: 'android',
      name: 'Front desk phone',
      settings: {
        serverUrl: 'https://sms.example.com/api/mobile/v1',
        registrationToken: null,
        httpsWarning: false,
        device: null,
      } as never,
    });
    const sent = stubFetch(() => ({ status: 200, body: { networks: [aNetwork(), android] } }));
    session.signIn(admin, 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature', false);
    renderPage();
    expect(await screen.findByText('https://sms.example.com/api/mobile/v1')).toBeTruthy();
    expect(screen.getByText('https://sms.example.com/api/3rdparty/v1')).toBeTruthy();
    expect(screen.getByText(/This server is reached over https/)).toBeTruthy();
    expect(sent.map((request) => request.url)).toEqual(['/api/networks']);
  });
});
