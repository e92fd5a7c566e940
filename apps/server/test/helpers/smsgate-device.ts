import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NetworkResponse } from '@switchboard/contract';
import type { BuildAppOptions } from '../../src/app.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A simulated SMSGate phone (protocols/smsgate.md) that talks to the server over real HTTP, the
 * way the Android app does in private-server mode: it registers with the private token, keeps the
 * device token, pulls settings and webhooks, listens on the event stream, pulls and reports
 * messages, and posts signed webhooks to the URL the server gave it.
 */

const USER_AGENT = 'me.capcom.smsgateway/1.40.0';

export interface PhoneResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ServerMessage {
  id: string;
  message: string;
  textMessage: { text: string };
  phoneNumbers: string[];
  withDeliveryReport: boolean;
  isEncrypted: boolean;
  priority: number;
  state: string;
  createdAt: string;
}

export interface ServerWebhook {
  id: string;
  deviceId: string | null;
  url: string;
  event: string;
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** A listening test app whose PUBLIC_URL is its own address, so webhook URLs reach it. */
export async function createListeningTestApp(
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp({ PUBLIC_URL: baseUrl, ...env }, options);
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { ...testApp, baseUrl };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The app's date format: local time with milliseconds and the offset (here UTC). */
export const phoneDate = (date = new Date()) => date.toISOString().replace('Z', '+00:00');

/** Lower-case hex HMAC-SHA256 of the raw body followed by the timestamp (§3, Signing). */
export function signWebhook(key: string, body: string, timestamp: string): string {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(body).update(timestamp).digest('hex');
}

export class SmsGateDevice {
  deviceId: string | undefined;
  deviceToken: string | undefined;
  login: string | undefined;
  password: string | undefined;
  /** The app's own key until the server pushes one through GET /settings. */
  signingKey = randomBytes(6).toString('base64url');
  webhooks: ServerWebhook[] = [];

  /** `apiUrl` is what the user types into Settings → Cloud Server → API URL. */
  constructor(
    readonly apiUrl: string,
    readonly name = 'samsung/a52qnsxx',
  ) {}

  async call<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; token?: string | null } = {},
  ): Promise<PhoneResponse<T>> {
    const token = options.token === undefined ? this.deviceToken : options.token;
    const response = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: {
        'user-agent': USER_AGENT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') && text;
    return { status: response.status, body: (isJson ? JSON.parse(text) : text) as T, headers: response.headers };
  }

  /** §2.1: "Cloud server" switched on with the private token; keeps the device token on 201. */
  async register(privateToken: string | null, extra: Record<string, unknown> = {}) {
    const response = await this.call<{ id: string; token: string; login: string; password: string }>(
      'POST',
      '/device',
      {
        token: privateToken,
        body: {
          name: this.name,
          simCards: [
            { slotIndex: 0, simNumber: 1, phoneNumber: '********1234', carrierName: 'Test', iccid: '****5678' },
          ],
          ...extra,
        },
      },
    );
    if (response.status === 201) {
      this.deviceId = response.body.id;
      this.deviceToken = response.body.token;
      this.login = response.body.login;
      this.password = response.body.password;
    }
    return response;
  }

  /** §2.2: sent at every app start once registered. */
  patchDevice(body: Record<string, unknown> = {}) {
    return this.call('PATCH', '/device', { body: { id: this.deviceId, ...body } });
  }

  /** §2.7: imports the signing key when the server pushes one. */
  async fetchSettings() {
    const response = await this.call<{
      webhooks?: { signing_key?: string };
      gateway?: { notification_channel?: string };
    }>('GET', '/settings');
    const key = response.status === 200 ? response.body.webhooks?.signing_key : undefined;
    if (key) this.signingKey = key;
    return response;
  }

  /** §2.6: the app replaces its whole cloud webhook list with the answer. */
  async fetchWebhooks() {
    const response = await this.call<ServerWebhook[]>('GET', '/webhooks');
    if (response.status === 200) this.webhooks = response.body;
    return response;
  }

  /** What the app does at start: PATCH /device, then settings and webhooks. */
  async start() {
    const patched = await this.patchDevice();
    if (patched.status !== 204) throw new Error(`PATCH /device answered ${patched.status}`);
    await this.fetchSettings();
    await this.fetchWebhooks();
  }

  /** §2.4 */
  pullMessages(order: 'lifo' | 'fifo' = 'lifo') {
    return this.call<ServerMessage[]>('GET', `/message?order=${order}`);
  }

  /** §2.5: one element per call, as the app sends it; `states` carries the history so far. */
  reportState(id: string, state: string, options: { phoneNumber?: string; error?: string } = {}) {
    return this.call('PATCH', '/message', {
      body: [
        {
          id,
          state,
          recipients: [
            {
              phoneNumber: options.phoneNumber ?? '+14155550123',
              state,
              ...(options.error ? { error: options.error } : {}),
            },
          ],
          states: { [state]: phoneDate() },
        },
      ],
    });
  }

  /** §2.8: opens the event stream. */
  async openEvents(): Promise<EventStream> {
    const controller = new AbortController();
    const response = await fetch(`${this.apiUrl}/events`, {
      headers: { 'user-agent': USER_AGENT, authorization: `Bearer ${this.deviceToken}` },
      signal: controller.signal,
    });
    return new EventStream(response, controller);
  }

  /** §3: posts one signed event to the server's webhook for it, as the app's webhook worker does. */
  async sendWebhook(
    event: string,
    payload: Record<string, unknown>,
    options: { timestamp?: number; key?: string; envelopeId?: string; rawBody?: string; signature?: string } = {},
  ): Promise<PhoneResponse> {
    const hook = this.webhooks.find((w) => w.event === event);
    if (!hook) throw new Error(`the server gave no webhook for ${event}`);
    const body =
      options.rawBody ??
      JSON.stringify({
        id: options.envelopeId ?? randomBytes(16).toString('base64url').slice(0, 21),
        webhookId: hook.id,
        deviceId: this.deviceId,
        event,
        payload,
      });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-timestamp': timestamp,
        'x-signature': options.signature ?? signWebhook(options.key ?? this.signingKey, body, timestamp),
      },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
  }

  /** An SMS arrives on the phone (§3 `sms:received`). */
  receiveSms(from: string, text: string, receivedAt = phoneDate(), options: { envelopeId?: string } = {}) {
    const messageId = createHmac('sha256', 'content').update(text).digest('hex').slice(0, 8);
    return this.sendWebhook(
      'sms:received',
      { messageId, message: text, sender: from, phoneNumber: from, simNumber: 1, receivedAt },
      options,
    );
  }
}

function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The phone's side of GET /events: parses `event:`/`data:` blocks and `:` comments as they arrive. */
export class EventStream {
  readonly events: StreamEvent[] = [];
  readonly comments: string[] = [];
  private taken = 0;
  /** Settles when the next block arrives; replaced after each one. */
  private arrival = signal();
  /**
   * Settles when the stream is over: `server` when the server ended it cleanly, `aborted` when
   * this side closed it or the connection broke.
   */
  readonly ended: Promise<'server' | 'aborted'>;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.ended = this.read().then(
      () => 'server' as const,
      () => 'aborted' as const,
    );
  }

  get status() {
    return this.response.status;
  }

  private async read() {
    if (!this.response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of this.response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private parseBlock(block: string) {
    let event = 'MessageEnqueued'; // the app's reading of a block without an `event:` line
    let data: unknown = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1));
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data = JSON.parse(line.slice(5).trim());
    }
    if (block.split('\n').some((line) => !line.startsWith(':'))) this.events.push({ event, data });
    this.arrival.resolve();
    this.arrival = signal();
  }

  /** The next event named `name` not returned before (earlier events of other names are skipped). */
  async next(name: string, timeoutMs = 5_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((e, i) => i >= this.taken && e.event === name);
      if (index >= 0) {
        this.taken = index + 1;
        return this.events[index]!;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${name} event within ${timeoutMs} ms (got ${JSON.stringify(this.events)})`);
      await Promise.race([this.arrival.promise, sleep(left)]);
    }
  }

  /** Resolves once `count` comment lines have arrived. */
  async waitForComments(count: number, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.comments.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${this.comments.length} comments within ${timeoutMs} ms`);
      await Promise.race([this.arrival.promise, sleep(left)]);
    }
  }

  close() {
    this.controller.abort();
  }
}

/** An admin creates an Android network; the answer carries the registration token once. */
export async function createAndroidNetwork(
  testApp: TestApp & { baseUrl: string },
  authorization: { authorization: string },
  name = 'Front desk phone',
) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/networks',
    headers: authorization,
    payload: { kind: 'android', name },
  });
  if (response.statusCode !== 201) throw new Error(`network not created: ${response.statusCode} ${response.body}`);
  const body = response.json() as NetworkResponse;
  if (!body.registration) throw new Error('no registration token in the answer');
  return {
    network: body.network,
    registration: body.registration,
    phone: new SmsGateDevice(body.registration.serverUrl),
  };
}

/** An Android network with a phone that registered and went through its start-up calls. */
export async function pairPhone(
  testApp: TestApp & { baseUrl: string },
  authorization: { authorization: string },
): Promise<{ networkId: string; phone: SmsGateDevice }> {
  const { network, registration, phone } = await createAndroidNetwork(testApp, authorization);
  const registered = await phone.register(registration.token);
  if (registered.status !== 201) throw new Error(`POST /device answered ${registered.status}`);
  await phone.start();
  return { networkId: network.id, phone };
}
