import type { Message, Network, NetworkResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWebhook, startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio.js';
import { killLeftovers } from '../helpers/server-process.js';
import {
  call,
  CLUSTER_PUBLIC_URL,
  expectCall,
  registerAdmin,
  signIn,
  CLUSTER_START_TIMEOUT_MS,
  startServerCluster,
  until,
  type Instance,
  type ServerCluster,
} from '../helpers/server-cluster.js';
import { openBrowserSocket, type BrowserSocket } from '../helpers/browser-socket.js';
import { SmsGateDevice } from '../helpers/smsgate-device.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const EMAIL = 'admin@two-instances.example';
/** What the issue allows from an action's answer on one instance to its effect on the other. */
const WITHIN_MS = 1_000;
/** The credential routes' per-IP limit both instances run with (AUTH_RATE_LIMIT). */
const AUTH_LIMIT = 20;
const FROM = '+15005550006';

/**
 * Issue 15's multi-instance suite, the quick part: two real server processes on two ports and
 * one PostgreSQL database, as behind a load balancer. What one instance is told must show on the
 * other within a second: a browser's events, a phone's wake-up, a sign-out; and the per-IP limit
 * counts the requests of both.
 */
describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let cluster: ServerCluster;
  let a: Instance;
  let b: Instance;
  let token: string;
  let fake: FakeTwilio;
  const sockets: BrowserSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeTwilio();
    cluster = await startServerCluster({ env: { AUTH_RATE_LIMIT: String(AUTH_LIMIT) } });
    [a, b] = cluster.instances as [Instance, Instance];
    token = await registerAdmin(a, EMAIL);
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.close();
    await killLeftovers();
    await fake?.close();
  });

  it('shows a browser on A a message that arrived through a signed Twilio webhook on B within a second', async () => {
    const created = await expectCall<NetworkResponse>(201, a, 'POST', '/api/networks', {
      token,
      body: {
        kind: 'http',
        name: 'Twilio',
        address: FROM,
        throughput: 20,
        settings: { accountSid: fake.accountSid, authToken: fake.authToken, apiBaseUrl: fake.url },
      },
    });
    const network: Network = created.network;
    const browser = await openBrowserSocket(a, token);
    sockets.push(browser);

    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const text = `Hello A, from B #${i}`;
      const path = `/hooks/twilio/${network.id}/sms`;
      const params = { MessageSid: `SM${String(i).padStart(32, '0')}`, AccountSid: fake.accountSid };
      const { payload, headers } = signedWebhook(`${CLUSTER_PUBLIC_URL}${path}`, fake.authToken, {
        ...params,
        From: `+1415555${String(1000 + i)}`,
        To: FROM,
        Body: text,
        NumMedia: '0',
      });
      const response = await fetch(`${b.url}${path}`, { method: 'POST', headers, body: payload });
      expect(response.status, await response.text()).toBe(200);
      const answeredAt = performance.now();
      const seen = await browser.waitFor('message.created', (event) => event.message.body === text, 10_000);
      delays.push(Math.max(0, seen.at - answeredAt));
    }
    console.log(
      `socket on A, webhook on B: message.created ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms after B's answer`,
    );
    expect(Math.max(...delays)).toBeLessThanOrEqual(WITHIN_MS);
  });

  it('wakes a phone holding its event stream on A when a message is queued on B, within a second', async () => {
    const created = await expectCall<NetworkResponse>(201, a, 'POST', '/api/networks', {
      token,
      body: { kind: 'android', name: 'Front desk phone' },
    });
    const registration = created.registration!;
    // The phone reaches A, whatever address the load balancer's PUBLIC_URL names.
    const phone = new SmsGateDevice(`${a.url}${new URL(registration.serverUrl).pathname}`);
    expect((await phone.register(registration.token)).status).toBe(201);
    await phone.start();
    const events = await phone.openEvents();
    try {
      expect(events.status).toBe(200);
      await events.next('SettingsUpdated');
      const delays: number[] = [];
      const queued: string[] = [];
      for (let i = 0; i < 3; i++) {
        const sent = await expectCall<{ message: Message }>(201, b, 'POST', '/api/messages', {
          token,
          body: { networkId: created.network.id, to: '+14155550123', body: `Queued on B #${i}` },
        });
        const answeredAt = performance.now();
        await events.next('MessageEnqueued', 10_000);
        delays.push(Math.max(0, performance.now() - answeredAt));
        queued.push(sent.message.id);
      }
      console.log(
        `phone on A, queued on B: MessageEnqueued ${delays.map((ms) => ms.toFixed(0)).join(', ')} ms after B's answer`,
      );
      expect(Math.max(...delays)).toBeLessThanOrEqual(WITHIN_MS);
      // And the phone finds them when it pulls from A.
      const pulled = await phone.pullMessages('fifo');
      expect(pulled.status).toBe(200);
      expect(pulled.body.map((message) => message.id)).toEqual(expect.arrayContaining(queued));
    } finally {
      events.close();
    }
  });

  it('refuses on B an access token signed out on A, within a second', async () => {
    const session = await signIn(a, EMAIL);
    // B has served this token (and may have cached its session) before the sign-out.
    expect((await call(b, 'GET', '/api/auth/me', { token: session })).status).toBe(200);
    await expectCall(200, a, 'POST', '/api/auth/logout', { token: session });
    const answeredAt = performance.now();
    let checks = 0;
    await until(
      'B to refuse the signed-out token',
      async () => {
        checks++;
        return (await call(b, 'GET', '/api/auth/me', { token: session })).status === 401;
      },
      10_000,
    );
    const delay = performance.now() - answeredAt;
    console.log(`sign-out on A: B refused the token ${delay.toFixed(0)} ms after A's answer (${checks} checks)`);
    expect(delay).toBeLessThanOrEqual(WITHIN_MS);
    // The other session of the same user still works on both.
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('counts the per-IP limit of a credential route over both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * AUTH_LIMIT; i++) {
      const instance = i % 2 === 0 ? a : b;
      const answer = await call(instance, 'POST', '/api/auth/forgot-password', {
        body: { email: 'nobody@two-instances.example' },
      });
      statuses.push(answer.status);
    }
    const allowed = statuses.filter((status) => status === 200).length;
    console.log(
      `per-IP limit ${AUTH_LIMIT}/min over A and B: ${allowed} allowed, ${statuses.length - allowed} refused`,
    );
    expect(statuses.slice(0, AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(200));
    expect(statuses.slice(AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(429));
  });
});
