import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookEndpoint } from '@switchboard/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import { aWebhookEndpoint, renderWebhooksSection } from './webhooks-section.fixtures';

const ID = '00000000-0000-4000-8000-0000000000e1';
const anEndpoint = (overrides: Partial<WebhookEndpoint> = {}) => aWebhookEndpoint({ id: ID, ...overrides });
const SMSGATE_ID = '00000000-0000-4000-8000-0000000000e2';

const smsgateEndpoint = anEndpoint({
  id: SMSGATE_ID,
  url: 'https://gate.example.com/in',
  secretPrefix: 'smsgate',
  format: 'smsgate',
  smsgate: { id: 'my-hook', deviceId: null, url: 'https://gate.example.com/in', event: 'sms:received' },
});

function serve(endpoints: WebhookEndpoint[], respond: (request: SentRequest) => { status: number; body?: unknown }) {
  return stubFetch((request) =>
    request.method === 'GET' && request.url === '/api/webhooks'
      ? { status: 200, body: { webhooks: endpoints } }
      : respond(request),
  );
}

const itemOf = (url: string) => screen.getByText(url).closest('li')!;

describe('WebhooksSection: secret rotation overlap and SMSGate-format endpoints', () => {
  // jsdom has no scrollIntoView; Mantine's Select scrolls to the chosen option.
  beforeAll(() => {
    Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => vi.unstubAllGlobals());

  it('rotates with the overlap the admin chose (24 hours by default)', async () => {
    const sent = serve([anEndpoint()], (request) =>
      request.url.endsWith('/rotate-secret')
        ? {
            status: 200,
            body: {
              webhook: anEndpoint({ previousSecretExpiresAt: '2026-12-03T10:00:00.000Z' }),
              secret: 'whsec_new',
            },
          }
        : { status: 404 },
    );
    renderWebhooksSection();
    await screen.findByText('https://hooks.example.com/sms');
    const openRotate = async () => {
      fireEvent.click(within(itemOf('https://hooks.example.com/sms')).getByRole('button', { name: /^Actions/ }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
      return screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    };

    let dialog = await openRotate();
    const select = within(dialog).getByRole('textbox', { name: 'The current secret keeps signing for' });
    expect((select as HTMLInputElement).value).toBe('24 hours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await screen.findByText('whsec_new');
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));

    dialog = await openRotate();
    fireEvent.click(within(dialog).getByRole('textbox', { name: 'The current secret keeps signing for' }));
    fireEvent.click(await screen.findByRole('option', { name: '7 days' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { overlapHours: 24 },
      { overlapHours: 168 },
    ]);
  });

  it('marks an SMSGate-format endpoint, shows its SMSGate event, and shows and rotates the SMSGate signing key', async () => {
    let key = 'first-smsgate-key';
    const sent = serve([anEndpoint(), smsgateEndpoint], (request) => {
      if (request.method === 'PATCH') return { status: 200, body: { webhook: { ...smsgateEndpoint, enabled: false } } };
      if (request.url === '/api/webhooks/smsgate-signing-key') return { status: 200, body: { key } };
      if (request.url === '/api/webhooks/smsgate-signing-key/rotate') {
        key = 'second-smsgate-key';
        return { status: 200, body: { key } };
      }
      return { status: 404 };
    });
    renderWebhooksSection();
    await screen.findByText('https://gate.example.com/in');
    const item = itemOf('https://gate.example.com/in');
    expect(within(item).getByText('SMSGate format')).toBeTruthy();
    expect(within(item).getByText('sms:received')).toBeTruthy();
    expect(within(item).getByText(/Signed with the workspace’s SMSGate signing key/)).toBeTruthy();
    expect(within(itemOf('https://hooks.example.com/sms')).queryByText('SMSGate format')).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: /^Actions/ }));
    expect(await screen.findByRole('menuitem', { name: /Delete/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Rotate secret' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Turn off' }));
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: `/api/webhooks/${SMSGATE_ID}`, body: { enabled: false } },
      ]),
    );

    // The key is read only when asked for.
    expect(sent.some((r) => r.url.includes('smsgate-signing-key'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(await screen.findByText('first-smsgate-key')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    expect(await screen.findByText('second-smsgate-key')).toBeTruthy();
  });
});
