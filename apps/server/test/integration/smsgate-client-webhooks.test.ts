import type { AddressInfo } from 'node:net';
import type { CreatedApiKeyResponse } from '@switchboard/contract';
import sdk, { WebHookEventType, type HttpClient } from 'android-sms-gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/expectations.js';
import { verifySmsgateSignature } from '../helpers/smsgate-verify.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

// The package's types read as CommonJS (see smsgate-official-client.test.ts); at run time the default is the class.
const Client = ((sdk as unknown as { default?: unknown }).default ?? sdk) as typeof sdk.default;
const EventType = ((sdk as unknown as { WebHookEventType?: typeof WebHookEventType }).WebHookEventType ??
  WebHookEventType) as typeof WebHookEventType;

async function call<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const parsed: unknown = (response.headers.get('content-type') ?? '').includes('application/json')
    ? await response.json()
    : await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(parsed)}`);
  return (response.status === 204 ? null : parsed) as T;
}
const fetchClient: HttpClient = {
  get: (url, headers) => call('GET', url, undefined, headers),
  post: (url, body, headers) => call('POST', url, body, headers),
  put: (url, body, headers) => call('PUT', url, body, headers),
  patch: (url, body, headers) => call('PATCH', url, body, headers),
  delete: (url, headers) => call('DELETE', url, undefined, headers),
};

interface Envelope {
  id: string;
  webhookId: string;
  deviceId: string;
  event: string;
  payload: { messageId?: string; recipient?: string };
}

/**
 * The official SMSGate client registers, lists and deletes webhooks, and a receiver that checks
 * X-Signature as SMSGate receivers do gets the events of a message the client sent.
 */
describe('the official android-sms-gateway client’s webhooks', () => {
  let t: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  let client: InstanceType<typeof Client>;

  beforeAll(async () => {
    t = await createTestApp({ ALLOW_INSECURE_WEBHOOKS: '1' });
    admin = await register(t.app, 'owner@smsgate-client-hooks.example', 'Owner');
    receiver = await startWebhookReceiver();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: admin.authorization,
      payload: { name: 'SMSGate hooks', scopes: ['messages:send', 'messages:read', 'webhooks:manage'] },
    });
    const { username, password } = created.json<CreatedApiKeyResponse>().basicAuth;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/3rdparty/v1`;
    client = new Client(username, password, fetchClient, base);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('registers, lists and deletes webhooks', async () => {
    const hook = await client.registerWebhook({
      id: 'js-hook',
      url: 'https://example.com/js',
      event: EventType.SmsReceived,
    });
    expect(hook).toEqual({ id: 'js-hook', deviceId: null, url: 'https://example.com/js', event: 'sms:received' });
    expect(await client.getWebhooks()).toEqual([hook]);
    await client.deleteWebhook('js-hook');
    await client.deleteWebhook('js-hook');
    expect(await client.getWebhooks()).toEqual([]);
  });

  it('delivers sms:sent and sms:delivered of a message it sent, named by its id, signed as SMSGate signs', async () => {
    await client.registerWebhook({ url: `${receiver.url}/sent`, event: EventType.SmsSent });
    await client.registerWebhook({ url: `${receiver.url}/delivered`, event: EventType.SmsDelivered });
    const state = await client.send({ id: 'js-message-1', message: 'Hello hooks', phoneNumbers: ['+12025550123'] });
    expect(state.id).toBe('js-message-1');

    const at = (path: string) => receiver.received.filter((r) => r.url === `/hooks/${path}`);
    await eventually(() => at('sent').length > 0 && at('delivered').length > 0, 'sms:sent and sms:delivered');
    const keyAnswer = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/smsgate-signing-key',
      headers: admin.authorization,
    });
    const { key } = keyAnswer.json<{ key: string }>();
    for (const request of [...at('sent'), ...at('delivered')]) {
      expect(verifySmsgateSignature(request.body, request.headers, key)).toBe(true);
      const envelope = JSON.parse(request.body) as Envelope;
      expect(envelope.payload).toMatchObject({ messageId: 'js-message-1', recipient: '+12025550123' });
      expect(envelope.deviceId).toBe((state as unknown as { deviceId: string }).deviceId);
    }
    expect((JSON.parse(at('sent')[0]!.body) as Envelope).event).toBe('sms:sent');
  }, 90_000);
});
