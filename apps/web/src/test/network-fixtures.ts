import type { Message, Network } from '@switchboard/contract';

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** A network as the API answers it; `overrides` shape the case under test. */
export function aNetwork(overrides: Partial<Network> = {}): Network {
  return {
    id: uuid(),
    kind: 'sandbox',
    name: 'Sandbox',
    address: '+12025550100',
    status: 'connected',
    lastError: null,
    lastSeenAt: null,
    throughput: 10,
    enabled: true,
    settings: { deliveryDelayMs: 400 },
    stats: { inToday: 0, outToday: 0 },
    createdAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

export function anSmppNetwork(overrides: Partial<Network> = {}): Network {
  return aNetwork({
    kind: 'smpp',
    name: 'Operator bind',
    address: 'SWITCHBRD',
    throughput: 50,
    settings: {
      host: 'smsc.example.com',
      port: 2775,
      systemId: 'switch',
      password: '••••••••wxyz',
      systemType: '',
      sourceTon: 5,
      sourceNpi: 0,
      windowSize: 10,
      longMessages: 'udh',
    },
    ...overrides,
  });
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: uuid(),
    networkId: uuid(),
    conversationId: uuid(),
    contactId: uuid(),
    direction: 'out',
    body: 'Hello',
    encoding: 'GSM-7',
    segments: 1,
    state: 'queued',
    origin: 'reply',
    campaignId: null,
    providerMessageId: null,
    errorCode: null,
    errorText: null,
    attempts: 0,
    createdAt: '2026-03-10T12:00:00.000Z',
    sentAt: null,
    deliveredAt: null,
    failedAt: null,
    receivedAt: null,
    ...overrides,
  };
}
