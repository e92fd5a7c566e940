import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { stubFetch, type SentRequest } from '../../../test/stub-fetch';
import { aWebhookEndpoint, renderWebhooksSection } from './webhooks-section.fixtures';

const SECRET = 'whsec_AbCd0123456789abcdefghijklmnopqrstuvwx';
const ID = '00000000-0000-4000-8000-0000000000c1';
const BASE = `/api/webhooks/${ID}`;
const anEndpoint = (overrides: Partial<WebhookEndpoint> = {}) =>
  aWebhookEndpoint({ id: ID, events: ['message.received', 'message.delivered'], ...overrides });

function aDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    eventId: 'evt_1',
    eventType: 'message.received',
    state: 'succeeded',
    attempts: [
      {
        attempt: 1,
        startedAt: '2026-11-26T09:00:00.000Z',
        durationMs: 812,
        statusCode: 500,
        responseExcerpt: '{"error":"database down"}',
        error: 'HTTP 500',
      },
      {
        attempt: 2,
        startedAt: '2026-11-26T09:01:00.000Z',
        durationMs: 41,
        statusCode: 200,
        responseExcerpt: 'ok',
        error: null,
      },
    ],
    nextAttemptAt: null,
    createdAt: '2026-11-26T09:00:00.000Z',
    completedAt: '2026-11-26T09:01:00.000Z',
    ...overrides,
  };
}

/** The list answers `endpoints`, the log `deliveries`; other requests go to `respond`. */
function serve(
  endpoints: WebhookEndpoint[],
  deliveries: WebhookDelivery[] = [],
  respond: (request: SentRequest) => { status: number; body?: unknown } = () => ({ status: 404 }),
) {
  return stubFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/webhooks')
      return { status: 200, body: { webhooks: endpoints } };
    if (request.method === 'GET' && request.url.startsWith(`${BASE}/deliveries`))
      return { status: 200, body: { deliveries } };
    return respond(request);
  });
}

const logReads = (sent: SentRequest[]) => sent.filter((r) => r.method === 'GET' && r.url.includes('/deliveries'));

describe('WebhooksSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists endpoints with their events, state, the reason they were disabled and since when they fail', async () => {
    serve([
      anEndpoint({
        enabled: false,
        disabledReason: 'Failing for 3 days',
        failingSince: '2026-11-20T10:00:00.000Z',
      }),
    ]);
    renderWebhooksSection();
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText('https://hooks.example.com/sms')).toBeTruthy();
    expect(within(list).getByText('message.delivered')).toBeTruthy();
    expect(within(list).getByText('Disabled')).toBeTruthy();
    expect(within(list).getByText('Disabled: Failing for 3 days')).toBeTruthy();
    expect(within(list).getByText(/Failing since/)).toBeTruthy();
    expect(within(list).getByText('Secret whsec_AbCd…')).toBeTruthy();
  });

  it('adds an endpoint with the checked events and shows its signing secret once, with a copy button', async () => {
    const endpoints: WebhookEndpoint[] = [];
    const sent = serve(endpoints, [], (request) => {
      if (request.method !== 'POST') return { status: 404 };
      const created = anEndpoint({ events: ['contact.opted_out'] });
      endpoints.push(created);
      return { status: 201, body: { webhook: created, secret: SECRET } };
    });
    renderWebhooksSection();
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter the endpoint’s URL.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://hooks.example.com/sms' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /contact\.opted_out/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/you won’t see it again/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /^Copy: Signing secret of/ })).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/webhooks',
        body: { url: 'https://hooks.example.com/sms', events: ['contact.opted_out'], enabled: true },
      },
    ]);

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toBeTruthy();
  });

  it('says why the server refused an endpoint, translated by its code', async () => {
    serve([], [], () => ({ status: 403, body: { error: 'Forbidden', code: 'FORBIDDEN' } }));
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(dialog).getByLabelText(/^URL/), { target: { value: 'https://hooks.example.com/sms' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /message\.sent/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The endpoint could not be added.');
    expect(alert.textContent).toContain('Your role does not allow this action.');
  });

  it('sends a test event and opens the log, read again to show it', async () => {
    const sent = serve([anEndpoint()], [], (request) =>
      request.method === 'POST' && request.url === `${BASE}/test` ? { status: 202, body: {} } : { status: 404 },
    );
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery log' });
    expect(await within(drawer).findByText(/Nothing delivered yet/)).toBeTruthy();
    expect(sent.some((r) => r.method === 'POST' && r.url === `${BASE}/test`)).toBe(true);
    expect(logReads(sent)[0]?.url).toBe(`${BASE}/deliveries?limit=50`);
  });

  it('shows each delivery’s attempts with status, duration, error and the response excerpt', async () => {
    serve([anEndpoint()], [aDelivery()]);
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery log' });
    const [delivery] = within(await within(drawer).findByRole('list', { name: 'Delivery log' })).getAllByRole(
      'listitem',
    );
    expect(within(delivery!).getByText('Succeeded')).toBeTruthy();
    expect(within(delivery!).getAllByText('message.received').length).toBeGreaterThan(0);
    expect(within(delivery!).getByText('Try 1')).toBeTruthy();
    expect(within(delivery!).getByText('HTTP 500', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(within(delivery!).getByText('812 ms', { exact: false })).toBeTruthy();
    expect(within(delivery!).getByText('{"error":"database down"}')).toBeTruthy();
    expect(within(delivery!).getByText('HTTP 200')).toBeTruthy();
    expect(within(delivery!).getByText('ok')).toBeTruthy();
  });

  it('resends a delivery and reads the log again', async () => {
    const resendUrl = `${BASE}/deliveries/${aDelivery().id}/resend`;
    const sent = serve([anEndpoint()], [aDelivery()], (request) =>
      request.method === 'POST' && request.url === resendUrl ? { status: 202, body: {} } : { status: 404 },
    );
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delivery log' }));
    const drawer = await screen.findByRole('dialog', { name: 'Delivery log' });
    fireEvent.click(await within(drawer).findByRole('button', { name: /^Resend message\.received from/ }));
    await waitFor(() => expect(logReads(sent)).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([resendUrl]);
  });

  it('deletes an endpoint after confirming', async () => {
    const sent = serve([anEndpoint()], [], (request) =>
      request.method === 'DELETE' ? { status: 204 } : { status: 404 },
    );
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: /^Actions for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(within(confirm).getByText(/receives no more events/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([BASE]);
  });

  it('rotates the secret and says until when the previous one keeps signing', async () => {
    serve([anEndpoint()], [], (request) =>
      request.method === 'POST' && request.url === `${BASE}/rotate-secret`
        ? {
            status: 200,
            body: {
              webhook: anEndpoint({ secretPrefix: 'whsec_NeW1', previousSecretExpiresAt: '2026-11-27T10:00:00.000Z' }),
              secret: SECRET,
            },
          }
        : { status: 404 },
    );
    renderWebhooksSection();
    fireEvent.click(await screen.findByRole('button', { name: /^Actions for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new signing secret' });
    expect(within(shown).getByText(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/The previous secret keeps signing too until/)).toBeTruthy();
  });
});
