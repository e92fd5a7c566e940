import { TestMantineProvider } from '../../../test/mantine';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { WebhookEndpoint } from '@switchboard/contract';
import { WebhooksSection } from './webhooks-section';

/** A Switchboard-format endpoint as `GET /api/webhooks` lists it (for the section's tests). */
export function aWebhookEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    url: 'https://hooks.example.com/sms',
    description: null,
    events: ['message.received'],
    enabled: true,
    disabledReason: null,
    secretPrefix: 'whsec_AbCd',
    previousSecretExpiresAt: null,
    failingSince: null,
    format: 'switchboard',
    smsgate: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The webhooks section with its providers, queries and mutations not retried. */
export function renderWebhooksSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <TestMantineProvider>
      <QueryClientProvider client={client}>
        <WebhooksSection />
      </QueryClientProvider>
    </TestMantineProvider>,
  );
}
