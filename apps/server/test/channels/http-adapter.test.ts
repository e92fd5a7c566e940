import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChannelError,
  type ChannelHost,
  type NetworkLogInput,
  type NetworkRuntime,
  type OutboundMessage,
} from '../../src/channels/channel.js';
import { createHttpAdapter } from '../../src/channels/http/http-adapter.js';
import { retryAfterMs } from '../../src/channels/http/twilio-api.js';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio.js';

const PUBLIC_URL = 'https://sb.example.com';
const silent = () => {};
const silentLogger = {
  level: 'silent',
  fatal: silent,
  error: silent,
  warn: silent,
  info: silent,
  debug: silent,
  trace: silent,
  silent,
  child: () => silentLogger,
} as unknown as FastifyBaseLogger;

/** A pipeline stand-in that records what the adapter reports. */
function recordingHost() {
  const statuses: Array<{ networkId: string; status: string; lastError: string | null | undefined }> = [];
  const logs: Array<NetworkLogInput & { networkId: string }> = [];
  const host: ChannelHost = {
    receiveInbound: () => Promise.reject(new Error('not used by the adapter')),
    applyStatus: async () => false,
    setNetworkStatus: async (networkId, status, lastError) => void statuses.push({ networkId, status, lastError }),
    touchNetwork: async () => {},
    log: async (networkId, entry) => void logs.push({ networkId, ...entry }),
    logger: silentLogger,
  };
  return { host, statuses, logs };
}

function networkOn(fake: FakeTwilio, settings: Record<string, unknown> = {}): NetworkRuntime {
  return {
    id: randomUUID(),
    workspaceId: randomUUID(),
    kind: 'http',
    name: 'Twilio',
    address: '+15005550006',
    throughput: 10,
    enabled: true,
    settings: { accountSid: fake.accountSid, authToken: fake.authToken, apiBaseUrl: fake.url, ...settings },
  };
}

function messageTo(network: NetworkRuntime, body = 'Hello from Switchboard'): OutboundMessage {
  return {
    id: randomUUID(),
    networkId: network.id,
    to: '+14155550123',
    body,
    encoding: 'GSM-7',
    segments: 1,
    attempt: 1,
  };
}

async function channelErrorOf(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('HTTP provider adapter', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  describe('send', () => {
    it('posts To, From, Body and the status callback with Basic auth, and answers the sid as sent', async () => {
      const { host } = recordingHost();
      const adapter = createHttpAdapter(host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake);
      const result = await adapter.send(network, messageTo(network, 'Grüße, 1 + 1 = 2 & more'));

      const [request] = fake.requests;
      expect(request).toMatchObject({
        method: 'POST',
        path: `/2010-04-01/Accounts/${fake.accountSid}/Messages.json`,
        auth: { username: fake.accountSid, password: fake.authToken },
        form: {
          To: '+14155550123',
          From: '+15005550006',
          Body: 'Grüße, 1 + 1 = 2 & more',
          StatusCallback: `${PUBLIC_URL}/hooks/twilio/${network.id}/status`,
        },
      });
      expect(result).toEqual({ providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) as string, state: 'sent' });
    });

    it('accepts an API base URL with a trailing slash', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake, { apiBaseUrl: `${fake.url}/` });
      await adapter.send(network, messageTo(network));
      expect(fake.requests[0]?.path).toBe(`/2010-04-01/Accounts/${fake.accountSid}/Messages.json`);
    });

    it('reports the network connected on its first successful send only', async () => {
      const { host, statuses } = recordingHost();
      const adapter = createHttpAdapter(host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake);
      await Promise.all([1, 2, 3].map(() => adapter.send(network, messageTo(network))));
      await adapter.send(network, messageTo(network));
      expect(statuses).toEqual([{ networkId: network.id, status: 'connected', lastError: null }]);
    });

    it('treats 429 as transient and honours Retry-After in seconds', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake);
      fake.failNext(1, { status: 429, code: 20429, message: 'Too Many Requests', retryAfter: '3' });
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(error.message).toBe('Too Many Requests');
      expect(error.options).toEqual({ transient: true, code: 'HTTP_20429', retryAfterMs: 3000 });
    });

    it('treats 5xx as transient, also when the answer is not JSON', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake);
      fake.failNext(1, { status: 503, code: null, message: '<html>Service Unavailable</html>' });
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(error.message).toBe('The provider answered HTTP 503.');
      expect(error.options).toMatchObject({ transient: true, code: 'HTTP_503' });
    });

    it('fails a message the provider refuses (4xx) at once, with its error code and words', async () => {
      const { host, statuses } = recordingHost();
      const adapter = createHttpAdapter(host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake);
      const words = "The 'To' number +14155550123 is not a valid phone number.";
      fake.failNext(1, { status: 400, code: 21211, message: words });
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(error.message).toBe(words);
      expect(error.options).toMatchObject({ transient: false, code: 'HTTP_21211' });
      expect(statuses).toEqual([]);
    });

    it('puts the network in error on 401, logs it once, and back to connected when a send succeeds', async () => {
      const { host, statuses, logs } = recordingHost();
      const adapter = createHttpAdapter(host, { publicUrl: PUBLIC_URL });
      const wrong = networkOn(fake, { authToken: 'not-the-token' });
      for (let i = 0; i < 2; i += 1) {
        const error = await channelErrorOf(adapter.send(wrong, messageTo(wrong)));
        expect(error.message).toBe('Authenticate');
        expect(error.options).toMatchObject({ transient: false, code: 'HTTP_20003' });
      }
      expect(statuses).toEqual([
        { networkId: wrong.id, status: 'error', lastError: 'The provider refused the credentials: Authenticate' },
      ]);
      expect(logs).toEqual([
        { networkId: wrong.id, kind: 'error', message: 'The provider refused the credentials: Authenticate' },
      ]);

      const fixed = { ...wrong, settings: { ...wrong.settings, authToken: fake.authToken } };
      await adapter.send(fixed, messageTo(fixed));
      expect(statuses.at(-1)).toEqual({ networkId: wrong.id, status: 'connected', lastError: null });
    });

    it('treats an unreachable provider as transient', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake, { apiBaseUrl: await closedPortUrl() });
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(error.message).toMatch(/^Could not reach the provider at http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED$/);
      expect(error.options).toMatchObject({ transient: true, code: 'HTTP_UNREACHABLE' });
    });

    it('gives up on a provider that does not answer in time, as a transient failure', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL, timeoutMs: 200 });
      const network = networkOn(fake);
      fake.delayNext(1, 2_000);
      const started = Date.now();
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(error.message).toBe('The provider did not answer within 0.2 s.');
      expect(error.options).toMatchObject({ transient: true, code: 'HTTP_TIMEOUT' });
    });

    it('does not follow a redirect (a wrong base URL) and fails the message with the status', async () => {
      const redirecting = createServer((_req, res) => {
        res.writeHead(301, { location: `${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json` });
        res.end();
      });
      await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = redirecting.address() as AddressInfo;
        const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
        const network = networkOn(fake, { apiBaseUrl: `http://127.0.0.1:${port}` });
        const error = await channelErrorOf(adapter.send(network, messageTo(network)));
        expect(error.message).toBe('The provider answered HTTP 301.');
        expect(error.options).toMatchObject({ transient: false, code: 'HTTP_301' });
        expect(fake.requests).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => redirecting.close(() => resolve()));
      }
    });

    it('refuses to send with incomplete settings, without calling the provider', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      const network = networkOn(fake, { authToken: undefined });
      const error = await channelErrorOf(adapter.send(network, messageTo(network)));
      expect(error.message).toMatch(/settings are incomplete \(authToken\)/);
      expect(error.options).toMatchObject({ transient: false, code: 'HTTP_SETTINGS' });
      expect(fake.requests).toEqual([]);
    });
  });

  describe('testConnection', () => {
    it('answers ok for the right credentials, checked with Basic auth on the account resource', async () => {
      const adapter = createHttpAdapter(recordingHost().host, { publicUrl: PUBLIC_URL });
      expect(await adapter.testConnection(networkOn(fake))).toEqual({ ok: true });
      expect(fake.requests).toMatchObject([
        { method: 'GET', path: `/2010-04-01/Accounts/${fake.accountSid}.json`, auth: { password: fake.authToken } },
      ]);
    });

    it('answers the provider’s words for wrong credentials, and the reason when unreachable', async () => {
      const { host, statuses } = recordingHost();
      const adapter = createHttpAdapter(host, { publicUrl: PUBLIC_URL });
      expect(await adapter.testConnection(networkOn(fake, { authToken: 'wrong' }))).toEqual({
        ok: false,
        error: 'Authenticate',
      });
      const unreachable = await adapter.testConnection(networkOn(fake, { apiBaseUrl: await closedPortUrl() }));
      expect(unreachable).toEqual({ ok: false, error: expect.stringMatching(/ECONNREFUSED/) as string });
      // A test changes nothing about the network.
      expect(statuses).toEqual([]);
    });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
  });

  it('caps a huge value at five minutes', () => {
    expect(retryAfterMs('86400')).toBe(5 * 60_000);
  });
});
