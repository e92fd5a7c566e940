import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ApiKey } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import DevelopersPage from './developers-page';

const SECRET = 'sk_live_AbCdEfGh0123456789abcdefghijklmnopqrstuv';
const BASIC = { username: 'Q7ZK2M', password: 'pW9-xR2_kL4mN8qT1vB6yC3d' };

function aKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Shop orders',
    prefix: 'sk_live_AbCdEfGh',
    scopes: ['messages:send', 'messages:read'],
    allowedIps: [],
    expiresAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdBy: { id: '00000000-0000-4000-8000-000000000001', displayName: 'Ada' },
    lastUsedAt: '2026-11-25T08:30:00.000Z',
    lastUsedIp: '203.0.113.7',
    revokedAt: null,
    ...overrides,
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <DevelopersPage />
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}

/** The keys list answers `keys`; other requests go to `respond`. */
function serve(
  keys: ApiKey[],
  respond: (request: SentRequest) => { status: number; body?: unknown } = () => ({ status: 404 }),
) {
  return stubFetch((request) =>
    request.method === 'GET' && request.url === '/api/api-keys'
      ? { status: 200, body: { apiKeys: keys } }
      : request.method === 'GET' && request.url === '/api/webhooks'
        ? { status: 200, body: { webhooks: [] } }
        : respond(request),
  );
}

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
  return screen.findByRole('dialog', { name: 'Create an API key' });
}

describe('DevelopersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the base URL, a first curl call with the newest working key’s prefix, the reference’s link and the SMSGate base URL', async () => {
    serve([
      aKey({
        id: '00000000-0000-4000-8000-0000000000a2',
        prefix: 'sk_live_Old00000',
        createdAt: '2026-11-01T00:00:00.000Z',
      }),
      aKey(),
    ]);
    renderPage();
    expect(screen.getByText(`${window.location.origin}/api/v1`)).toBeTruthy();
    await screen.findByRole('table', { name: /API keys/ });
    const command = screen.getByText(/curl -s -X POST/);
    expect(command.textContent).toContain(`${window.location.origin}/api/v1/messages`);
    expect(command.textContent).toContain('Authorization: Bearer sk_live_AbCdEfGh…');
    expect(command.textContent).toContain('"to":"+12025550123"');
    expect(screen.getByRole('link', { name: /Open the API reference/ }).getAttribute('href')).toBe('/api/docs');
    expect(screen.getByText(`${window.location.origin}/api/3rdparty/v1`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy: SMSGate-compatible API' })).toBeTruthy();
  });

  it('lists keys with scopes, creator, last use with its address, expiry and state', async () => {
    serve([
      aKey(),
      aKey({
        id: '00000000-0000-4000-8000-0000000000a3',
        name: 'Old',
        revokedAt: '2026-11-21T00:00:00.000Z',
        lastUsedAt: null,
        lastUsedIp: null,
      }),
      aKey({
        id: '00000000-0000-4000-8000-0000000000a4',
        name: 'Trial',
        expiresAt: '2026-01-01T00:00:00.000Z',
        createdBy: null,
      }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: /API keys/ });
    const [, shop, old, trial] = within(table).getAllByRole('row');
    expect(within(shop!).getByText('messages:send')).toBeTruthy();
    expect(within(shop!).getByText(/from .*203\.0\.113\.7/)).toBeTruthy();
    expect(within(shop!).getByText('Active')).toBeTruthy();
    expect(within(shop!).getByRole('button', { name: 'Revoke key Shop orders' })).toBeTruthy();
    expect(within(old!).getByText('Revoked')).toBeTruthy();
    expect(within(old!).getByText('Not used yet')).toBeTruthy();
    expect(within(old!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(trial!).getByText('Expired')).toBeTruthy();
    expect(within(trial!).getByText('Deleted account')).toBeTruthy();
  });

  it('creates a key with the checked scopes and shows its secret once, with a copy button', async () => {
    const created = aKey({
      id: '00000000-0000-4000-8000-0000000000b1',
      name: 'CRM',
      scopes: ['usage:read'],
      allowedIps: ['203.0.113.0/24'],
      lastUsedAt: null,
      lastUsedIp: null,
    });
    const keys: ApiKey[] = [];
    const sent = serve(keys, (request) => {
      if (request.method !== 'POST') return { status: 404 };
      keys.unshift(created);
      return { status: 201, body: { apiKey: created, secret: SECRET, basicAuth: BASIC } };
    });
    renderPage();
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CRM' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /usage:read/ }));
    fireEvent.change(within(dialog).getByLabelText(/Allowed IP addresses/), {
      target: { value: '203.0.113.0/24\n\n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/You won’t see it again/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy: Secret of “CRM”' })).toBeTruthy();
    // The same key's Basic credentials for SMSGate clients, with this server's SMSGate base URL.
    expect(within(shown).getByRole('heading', { name: 'SMSGate-compatible API' })).toBeTruthy();
    expect(within(shown).getByText(`${window.location.origin}/api/3rdparty/v1`)).toBeTruthy();
    expect(within(shown).getByText(BASIC.username)).toBeTruthy();
    expect(within(shown).getByText(BASIC.password)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy: Password' })).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/api-keys',
      body: { name: 'CRM', scopes: ['usage:read'], allowedIps: ['203.0.113.0/24'] },
    });
    // The list behind the dialog shows the new key; the secret lives in the dialog only.
    const table = await screen.findByRole('table', { name: /API keys/, hidden: true });
    expect(within(table).getByText('CRM')).toBeTruthy();
    expect(within(table).queryByText(SECRET)).toBeNull();

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    await openCreateDialog();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByText(BASIC.password)).toBeNull();
  });

  it('checks the form with the contract’s schema before sending, in the user’s words', async () => {
    const sent = serve([]);
    renderPage();
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText(/Allowed IP addresses/), { target: { value: '10.0.0.0/33' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('The key needs a name.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeTruthy();
    expect(within(dialog).getByText('“10.0.0.0/33” is not an IP address or CIDR range.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says why the server refused a key, translated by its code', async () => {
    serve([], () => ({ status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } }));
    renderPage();
    const dialog = await openCreateDialog();
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CRM' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /messages:send/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The key could not be created.');
    expect(alert.textContent).toContain('Your role does not allow this action.');
  });

  it('revokes a key after confirming, and shows it revoked', async () => {
    const sent = serve([aKey()], (request) =>
      request.method === 'POST'
        ? { status: 200, body: { apiKey: aKey({ revokedAt: '2026-11-26T12:00:00.000Z' }) } }
        : { status: 404 },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key Shop orders' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “Shop orders”?' });
    expect(within(confirm).getByText(/cannot be turned back on/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    const table = screen.getByRole('table', { name: /API keys/ });
    expect(await within(table).findByText('Revoked')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.url).toBe(
      '/api/api-keys/00000000-0000-4000-8000-0000000000a1/revoke',
    );
  });

  it('gives a working key a new SMSGate login after confirming, and shows it once', async () => {
    const NEW = { username: 'H4X9PL', password: 'nEw-pAsSwOrD_0123456789a' };
    const expired = aKey({
      id: '00000000-0000-4000-8000-0000000000a4',
      name: 'Trial',
      expiresAt: '2026-01-01T00:00:00.000Z',
    });
    const sent = serve([aKey(), expired], (request) =>
      request.method === 'POST' ? { status: 201, body: { apiKey: aKey(), basicAuth: NEW } } : { status: 404 },
    );
    renderPage();
    expect(screen.queryByRole('button', { name: 'New SMSGate login for key Trial' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'New SMSGate login for key Shop orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SMSGate login for “Shop orders”' });
    expect(within(dialog).getByText(/stop working at once/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make new login' }));
    expect(await within(dialog).findByText(NEW.password)).toBeTruthy();
    expect(within(dialog).getByText(NEW.username)).toBeTruthy();
    expect(within(dialog).getByText(`${window.location.origin}/api/3rdparty/v1`)).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.url).toBe(
      '/api/api-keys/00000000-0000-4000-8000-0000000000a1/basic-auth',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(NEW.password)).toBeNull());
  });

  it('says when the keys cannot be loaded, and tries again', async () => {
    stubFetch((request) =>
      request.url === '/api/webhooks'
        ? { status: 200, body: { webhooks: [] } }
        : { status: 500, body: { error: 'boom', code: 'INTERNAL' } },
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API keys could not be loaded.');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
