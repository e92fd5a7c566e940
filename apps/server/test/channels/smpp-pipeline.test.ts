import type { ConnectionTestResult, Message, MessageResponse, NetworkResponse } from '@switchboard/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.js';
import { startSmsc, type Smsc } from '../helpers/smsc.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

/** The SMPP channel inside the whole server: API → pipeline → dispatcher → bind → local centre, and back. */
describe('SMPP network end to end', () => {
  let t: TestApp;
  let smsc: Smsc;
  let admin: SignedIn;
  let networkId: string;
  beforeAll(async () => {
    smsc = await startSmsc({ systemId: 'switchboard', password: 'secret1', autoDeliveryReceipt: { delayMs: 20 } });
    t = await createTestApp();
    admin = await register(t.app, 'owner@smpp-e2e.example');
  });
  afterAll(async () => {
    await t.close();
    await smsc.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.authorization, ...(payload ? { payload } : {}) });
  const settings = (password = 'secret1') => ({
    host: '127.0.0.1',
    port: smsc.port,
    systemId: 'switchboard',
    password,
    windowSize: 5,
  });
  const messageById = async (id: string) => (await call('GET', `/api/messages/${id}`)).json<MessageResponse>().message;
  async function waitForState(id: string, state: Message['state']) {
    let last: Message | undefined;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      last = await messageById(id);
      if (last.state === state) return last;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(
      `message is ${last?.state}, expected ${state}: ${JSON.stringify(last)} submits ${JSON.stringify(smsc.submits.map((s) => [s.messageId, s.text.slice(0, 10)]))}`,
    );
  }

  it('tests the connection before saving: bound, or the centre’s refusal', async () => {
    const ok = await call('POST', '/api/networks/test-connection', {
      kind: 'smpp',
      name: 'Centre',
      address: 'SWITCHBRD',
      settings: settings(),
    });
    expect(ok.json<ConnectionTestResult>()).toEqual({ ok: true, error: null });
    const refused = await call('POST', '/api/networks/test-connection', {
      kind: 'smpp',
      name: 'Centre',
      address: 'SWITCHBRD',
      settings: settings('wrong'),
    });
    expect(refused.json<ConnectionTestResult>().ok).toBe(false);
    expect(refused.json<ConnectionTestResult>().error).toMatch(/password/i);
  });

  it('binds when added and shows connected', async () => {
    const created = await call('POST', '/api/networks', {
      kind: 'smpp',
      name: 'Centre',
      address: 'SWITCHBRD',
      throughput: 100,
      settings: settings(),
    });
    expect(created.statusCode, created.body).toBe(201);
    networkId = created.json<NetworkResponse>().network.id;
    await smsc.waitForSessions(1);
    const deadline = Date.now() + 5_000;
    let status = '';
    while (Date.now() < deadline && status !== 'connected') {
      status = (await call('GET', `/api/networks/${networkId}`)).json<NetworkResponse>().network.status;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe('connected');
  });

  it('sends short and long texts in GSM-7 and UCS-2, and maps the receipts to delivered', async () => {
    const before = smsc.submits.length;
    const texts = ['Your table is ready', 'x'.repeat(200), 'مرحبا بك في متجرنا 🌟'];
    const ids: string[] = [];
    for (const body of texts) {
      const response = await call('POST', '/api/messages', { networkId, to: '+4915112345678', body });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<MessageResponse>().message.id);
    }
    for (const id of ids) await waitForState(id, 'delivered');
    const submits = smsc.submits.slice(before);
    expect(submits).toHaveLength(4); // the 200-character text is two concatenated parts
    expect(submits.every((s) => s.destination === '4915112345678' && s.source === 'SWITCHBRD')).toBe(true);
    const long = submits.filter((s) => s.concat);
    expect(long.map((s) => s.concat!.seq)).toEqual([1, 2]);
    expect(long.map((s) => s.text).join('')).toBe('x'.repeat(200));
    expect(submits.find((s) => s.dataCoding === 8)?.text).toBe('مرحبا بك في متجرنا 🌟');
  });

  it('stores an inbound SMS from the centre once, answering only after it is stored', async () => {
    const delivery = smsc.sendInbound('+4915112345678', 'SWITCHBRD', 'Can I move my booking to 8?');
    await delivery.done;
    await smsc.resend(delivery);
    const rows = await t.app.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.networkId, networkId), eq(messages.body, 'Can I move my booking to 8?')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'in', state: 'received' });
  });

  it('backs off on throttling and still sends', async () => {
    smsc.throttleNext(2);
    const response = await call('POST', '/api/messages', {
      networkId,
      to: '+4915112345678',
      body: 'after the throttle',
    });
    const id = response.json<MessageResponse>().message.id;
    const sent = await waitForState(id, 'delivered');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it('reconnects after a dropped connection and sends what was queued meanwhile', async () => {
    smsc.dropConnections();
    const response = await call('POST', '/api/messages', { networkId, to: '+4915112345678', body: 'after the drop' });
    const id = response.json<MessageResponse>().message.id;
    await waitForState(id, 'delivered');
    expect(smsc.submits.filter((s) => s.text === 'after the drop')).toHaveLength(1);
  });

  it('shows the centre’s error and keeps retrying when the password is wrong', async () => {
    await call('PATCH', `/api/networks/${networkId}`, { settings: { password: 'wrong' } });
    const deadline = Date.now() + 10_000;
    let network = (await call('GET', `/api/networks/${networkId}`)).json<NetworkResponse>().network;
    while (Date.now() < deadline && network.status !== 'error') {
      await new Promise((r) => setTimeout(r, 50));
      network = (await call('GET', `/api/networks/${networkId}`)).json<NetworkResponse>().network;
    }
    expect(network.status).toBe('error');
    expect(network.lastError).toMatch(/password/i);
    const logs = (await call('GET', `/api/networks/${networkId}/logs`)).json<{ entries: Array<{ kind: string }> }>();
    expect(logs.entries.some((e) => e.kind === 'error')).toBe(true);
  });
});
