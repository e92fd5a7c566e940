import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import type { NetworkStatus, SmppSettings } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChannelError,
  type ChannelHost,
  type InboundInput,
  type NetworkLogInput,
  type NetworkRuntime,
  type OutboundMessage,
  type StatusReport,
} from '../../src/channels/channel.js';
import { createSmppAdapter, type SmppAdapterOptions } from '../../src/channels/smpp/smpp-adapter.js';
import { countSegments } from '../../src/lib/sms-segments.js';
import { startSmsc, type SmscOptions } from '../helpers/smsc.js';

/** Short timings so reconnects, keepalives and receipt retries happen within a test. */
const FAST: SmppAdapterOptions = {
  enquireLinkMs: 100,
  responseTimeoutMs: 400,
  reconnect: { initialMs: 40, maxMs: 320 },
  throttlePauseMs: 150,
  testTimeoutMs: 1_000,
  receiptRetryDelaysMs: [50, 100, 150, 200],
};
const CREDENTIALS = { systemId: 'switchboard', password: 'secret' };
const until = { timeout: 5_000, interval: 10 };

/** Stands in for the message pipeline: records what the adapter hands over. */
function recordingHost() {
  const stored = new Map<string, string>();
  const host = {
    statuses: [] as { status: NetworkStatus; lastError: string | null | undefined }[],
    logs: [] as NetworkLogInput[],
    inbound: [] as InboundInput[],
    statusCalls: [] as { report: StatusReport; applied: boolean }[],
    touches: 0,
    /** Provider ids the pipeline has stored; receipts for others are answered "unknown". */
    knownIds: new Set<string>(),
    /** receiveInbound throws this many times first (a database hiccup). */
    failInbound: 0,
    async receiveInbound(input: InboundInput) {
      if (host.failInbound > 0) {
        host.failInbound--;
        throw new Error('database unavailable');
      }
      const existing = stored.get(input.providerMessageId);
      if (existing) return { messageId: existing, duplicate: true };
      host.inbound.push(input);
      stored.set(input.providerMessageId, randomUUID());
      return { messageId: stored.get(input.providerMessageId)!, duplicate: false };
    },
    async applyStatus(report: StatusReport) {
      const applied = host.knownIds.has(report.providerMessageId ?? '');
      host.statusCalls.push({ report, applied });
      return applied;
    },
    async setNetworkStatus(_networkId: string, status: NetworkStatus, lastError?: string | null) {
      host.statuses.push({ status, lastError });
    },
    async touchNetwork() {
      host.touches++;
    },
    async log(_networkId: string, entry: NetworkLogInput) {
      host.logs.push(entry);
    },
    logger: silentLogger(),
    get lastStatus() {
      return host.statuses.at(-1);
    },
    get applied() {
      return host.statusCalls.filter((call) => call.applied).map((call) => call.report);
    },
  };
  return host satisfies ChannelHost;
}

function silentLogger(): FastifyBaseLogger {
  const noop = () => undefined;
  const logger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
  };
  return { ...logger, child: () => logger } as unknown as FastifyBaseLogger;
}

function smppNetwork(port: number, settings: Partial<SmppSettings> = {}): NetworkRuntime {
  return {
    id: randomUUID(),
    workspaceId: randomUUID(),
    kind: 'smpp',
    name: 'Local SMSC',
    address: '+4915100000001',
    throughput: 100,
    enabled: true,
    settings: { host: '127.0.0.1', port, ...CREDENTIALS, windowSize: 10, longMessages: 'udh', ...settings },
  };
}

function outbound(network: NetworkRuntime, body: string, to = '+4917612345678'): OutboundMessage {
  return { id: randomUUID(), networkId: network.id, to, body, ...countSegments(body), attempt: 1 };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A local SMSC, a recording host and an adapter with one network on it (not started). */
async function setUp(options: { smsc?: Partial<SmscOptions>; settings?: Partial<SmppSettings> } = {}) {
  const smsc = await startSmsc({ ...CREDENTIALS, ...options.smsc });
  cleanups.push(() => smsc.close());
  const host = recordingHost();
  const adapter = createSmppAdapter(host, FAST);
  cleanups.push(() => adapter.close());
  const network = smppNetwork(smsc.port, options.settings);
  const bind = async () => {
    await adapter.start(network);
    await vi.waitFor(() => expect(adapter.isReady(network.id)).toBe(true), until);
  };
  return { smsc, host, adapter, network, bind };
}

async function sendError(promise: Promise<unknown>): Promise<ChannelError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

describe('SMPP bind', () => {
  it('binds as a transceiver and reports the network connected', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    expect(adapter.isReady(network.id)).toBe(false);
    await bind();
    expect(smsc.bindAttempts).toEqual([expect.objectContaining({ systemId: 'switchboard', ok: true })]);
    await vi.waitFor(() => expect(host.lastStatus).toEqual({ status: 'connected', lastError: null }), until);
    expect(host.touches).toBeGreaterThan(0);
    expect(adapter.concurrency(network)).toBe(10);
  });

  it('reports the centre’s refusal and retries with a growing backoff', async () => {
    const { smsc, host, adapter, network } = await setUp({ settings: { password: 'wrong' } });
    await adapter.start(network);
    await vi.waitFor(() => expect(smsc.bindAttempts.length).toBeGreaterThanOrEqual(4), until);
    expect(adapter.isReady(network.id)).toBe(false);
    expect(host.statuses[0]).toEqual({ status: 'error', lastError: 'ESME_RINVPASWD (0x0e): invalid password' });
    expect(host.logs[0]).toMatchObject({ kind: 'error', message: expect.stringContaining('ESME_RINVPASWD (0x0e)') });
    // Timers never fire early, so the gaps are at least 40, 80 and 160 ms (less a little clock skew).
    const gaps = smsc.bindAttempts.slice(1, 4).map((attempt, i) => attempt.at - smsc.bindAttempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(35);
    expect(gaps[1]).toBeGreaterThanOrEqual(75);
    expect(gaps[2]).toBeGreaterThanOrEqual(155);
    await adapter.stop(network.id);
    expect(host.logs.length).toBeLessThanOrEqual(smsc.bindAttempts.length);
  });

  it('reports a dropped connection, binds again and sends again', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    await bind();
    smsc.dropConnections();
    await vi.waitFor(() => expect(host.statuses.map((s) => s.status)).toContain('disconnected'), until);
    await vi.waitFor(() => expect(host.lastStatus?.status).toBe('connected'), until);
    await vi.waitFor(() => expect(adapter.isReady(network.id)).toBe(true), until);
    await expect(adapter.send(network, outbound(network, 'after the drop'))).resolves.toMatchObject({ state: 'sent' });
    expect(smsc.bindAttempts.filter((attempt) => attempt.ok)).toHaveLength(2);
  });

  it('drops a link whose enquire_link goes unanswered and binds again', async () => {
    const { smsc, host, bind } = await setUp();
    await bind();
    await vi.waitFor(() => expect(host.touches).toBeGreaterThanOrEqual(3), until);
    smsc.ignoreEnquireLinks = true;
    await vi.waitFor(() => expect(host.statuses.map((s) => s.status)).toContain('disconnected'), until);
    expect(host.logs.map((entry) => entry.message)).toContainEqual(
      expect.stringMatching(/stopped answering enquire_link/),
    );
    smsc.ignoreEnquireLinks = false;
    await vi.waitFor(() => expect(smsc.bindAttempts.filter((attempt) => attempt.ok)).toHaveLength(2), until);
    await vi.waitFor(() => expect(host.lastStatus?.status).toBe('connected'), until);
  });

  it('answers the centre’s enquire_link', async () => {
    const { smsc, bind } = await setUp();
    await bind();
    await expect(smsc.enquireLink()).resolves.toBe(0);
  });

  it('unbinds on stop and does not reconnect', async () => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    await adapter.stop(network.id);
    expect(adapter.isReady(network.id)).toBe(false);
    await vi.waitFor(() => expect(smsc.sessions).toBe(0), until);
    await new Promise((resolve) => setTimeout(resolve, 4 * FAST.reconnect!.initialMs));
    expect(smsc.bindAttempts).toHaveLength(1);
    const error = await sendError(adapter.send(network, outbound(network, 'too late')));
    expect(error.options).toMatchObject({ transient: true, code: 'SMPP_NOT_BOUND' });
  });
});

describe('SMPP submit_sm', () => {
  it('sends a short GSM-7 text with data_coding 0 and asks for a receipt', async () => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    const result = await adapter.send(network, outbound(network, 'Hello {world} €5'));
    const [submit] = await smsc.waitForSubmits(1);
    expect(result).toEqual({ providerMessageId: submit!.messageId, state: 'sent' });
    expect(submit).toMatchObject({
      text: 'Hello {world} €5',
      dataCoding: 0,
      esmClass: 0,
      registeredDelivery: 1,
      destination: '4917612345678',
      destTon: 1,
      destNpi: 1,
      source: '4915100000001',
      sourceTon: 1,
      sourceNpi: 1,
      concat: null,
    });
  });

  it('sends Arabic and emoji as UCS-2 with data_coding 8', async () => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    await adapter.send(network, outbound(network, 'مرحبا 👋'));
    const [submit] = await smsc.waitForSubmits(1);
    expect(submit).toMatchObject({ text: 'مرحبا 👋', dataCoding: 8, concat: null });
  });

  it.each([
    ['GSM-7', 'The quick brown fox jumps over the lazy dog. '.repeat(10), 0, 153],
    ['UCS-2', 'Grüße aus Köln ☀️ — bis bald! '.repeat(5), 8, 67],
  ])('sends a long %s text as concatenated parts with one reference', async (_name, body, dataCoding, limit) => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    const message = outbound(network, body);
    const result = await adapter.send(network, message);
    const parts = await smsc.waitForSubmits(message.segments);
    expect(parts).toHaveLength(3);
    expect(result.providerMessageId).toBe(parts.find((part) => part.concat?.seq === 1)!.messageId);
    const byPosition = [...parts].sort((a, b) => a.concat!.seq - b.concat!.seq);
    expect(byPosition.map((part) => part.concat)).toEqual(
      [1, 2, 3].map((seq) => ({ ref: parts[0]!.concat!.ref, total: 3, seq })),
    );
    expect(byPosition.map((part) => part.text).join('')).toBe(body);
    for (const part of parts) {
      expect(part).toMatchObject({ dataCoding, esmClass: 0x40, registeredDelivery: 1 });
      expect(part.length).toBeLessThanOrEqual(limit);
    }
  });

  it('sends a long text as one submit_sm with message_payload in payload mode', async () => {
    const { smsc, adapter, network, bind } = await setUp({ settings: { longMessages: 'payload' } });
    await bind();
    const body = 'Payload mode keeps long texts in one PDU. '.repeat(8);
    const result = await adapter.send(network, outbound(network, body));
    const [submit] = await smsc.waitForSubmits(1);
    expect(result.providerMessageId).toBe(submit!.messageId);
    expect(submit).toMatchObject({ text: body, viaPayload: true, concat: null, dataCoding: 0 });
    expect(smsc.submits).toHaveLength(1);
  });

  it.each([
    ['ESME_RTHROTTLED', 0x58, 'SMPP_0x58'],
    ['ESME_RMSGQFUL', 0x14, 'SMPP_0x14'],
  ])('turns %s into a transient error, pauses, then sends', async (name, status, code) => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    smsc.throttleNext(1, status);
    const error = await sendError(adapter.send(network, outbound(network, 'busy?')));
    expect(error.message).toContain(name);
    expect(error.options).toEqual({ transient: true, code, retryAfterMs: FAST.throttlePauseMs });
    const pausedAt = Date.now();
    await expect(adapter.send(network, outbound(network, 'again'))).resolves.toMatchObject({ state: 'sent' });
    expect(Date.now() - pausedAt).toBeGreaterThanOrEqual(FAST.throttlePauseMs! - 20);
    expect(smsc.submits.map((submit) => submit.text)).toEqual(['again']);
  });

  it('turns other refusals into a permanent error with the status code', async () => {
    const { smsc, adapter, network, bind } = await setUp();
    await bind();
    smsc.throttleNext(1, 0x0b);
    const error = await sendError(adapter.send(network, outbound(network, 'to nowhere')));
    expect(error.message).toBe('ESME_RINVDSTADR (0x0b): invalid destination address');
    expect(error.options).toEqual({ transient: false, code: 'SMPP_0x0b' });
  });

  it('keeps at most windowSize submit_sm unanswered however many sends come at once', async () => {
    const { smsc, adapter, network, bind } = await setUp({
      smsc: { responseDelayMs: 20 },
      settings: { windowSize: 3 },
    });
    await bind();
    expect(adapter.concurrency(network)).toBe(3);
    const long = 'Window test with a text long enough for two parts. '.repeat(4);
    const sends = Array.from({ length: 12 }, (_, i) =>
      adapter.send(network, outbound(network, i % 3 ? `short ${i}` : long)),
    );
    await expect(Promise.all(sends)).resolves.toHaveLength(12);
    expect(smsc.submits).toHaveLength(16);
    expect(smsc.maxInFlight).toBe(3);
  });

  it('gives up on a submit_sm the centre leaves unanswered, as a transient error', async () => {
    const { adapter, network, bind } = await setUp({ smsc: { responseDelayMs: 3 * FAST.responseTimeoutMs! } });
    await bind();
    const error = await sendError(adapter.send(network, outbound(network, 'anyone?')));
    expect(error.options).toMatchObject({ transient: true, code: 'SMPP_TIMEOUT' });
  });

  it('refuses to send while the bind is down', async () => {
    const { adapter, network } = await setUp();
    const error = await sendError(adapter.send(network, outbound(network, 'not started')));
    expect(error.options).toMatchObject({ transient: true, code: 'SMPP_NOT_BOUND' });
  });
});

describe('SMPP deliver_sm', () => {
  it('applies a delivery receipt to the sent message', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    await bind();
    const { providerMessageId } = await adapter.send(network, outbound(network, 'receipt please'));
    host.knownIds.add(providerMessageId);
    await smsc.sendReceipt(providerMessageId, 'DELIVRD').done;
    expect(host.applied).toEqual([{ networkId: network.id, providerMessageId, state: 'delivered' }]);
  });

  it('reports a failed delivery with the stat as the error code (receipt TLVs)', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    await bind();
    const { providerMessageId } = await adapter.send(network, outbound(network, 'to a switched-off phone'));
    host.knownIds.add(providerMessageId);
    await smsc.sendReceipt(providerMessageId, 'UNDELIV', { tlvs: true, err: '027' }).done;
    expect(host.applied).toEqual([
      expect.objectContaining({
        providerMessageId,
        state: 'failed',
        errorCode: 'SMPP_STAT_UNDELIV',
        errorText: expect.stringContaining('error 027'),
      }),
    ]);
  });

  it('retries a receipt that overtook the stored provider id, then applies it', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    await bind();
    const { providerMessageId } = await adapter.send(network, outbound(network, 'fast receipt'));
    await smsc.sendReceipt(providerMessageId).done;
    await vi.waitFor(() => expect(host.statusCalls.length).toBeGreaterThanOrEqual(2), until);
    host.knownIds.add(providerMessageId);
    await vi.waitFor(
      () => expect(host.applied).toEqual([expect.objectContaining({ providerMessageId, state: 'delivered' })]),
      until,
    );
  });

  it('drops a receipt for an id that never appears and says so in the network log', async () => {
    const { smsc, host, bind } = await setUp();
    await bind();
    await smsc.sendReceipt('deadbeef').done;
    await vi.waitFor(() => expect(host.logs.at(-1)?.message).toMatch(/unknown message id deadbeef dropped/), until);
    expect(host.statusCalls).toHaveLength(1 + FAST.receiptRetryDelaysMs!.length);
  });

  it('resolves the receipts of every part of a long message to its provider id', async () => {
    const { smsc, host, adapter, network, bind } = await setUp({ smsc: { autoDeliveryReceipt: { delayMs: 20 } } });
    await bind();
    const message = outbound(network, 'x'.repeat(400));
    const { providerMessageId } = await adapter.send(network, message);
    host.knownIds.add(providerMessageId);
    await vi.waitFor(() => expect(host.applied).toHaveLength(3), until);
    expect(smsc.submits).toHaveLength(3);
    expect(new Set(host.applied.map((report) => report.providerMessageId))).toEqual(new Set([providerMessageId]));
  });

  it('hands an inbound SMS to the pipeline with the sender in E.164', async () => {
    const { smsc, host, bind } = await setUp();
    await bind();
    await smsc.sendInbound('+4917612345678', '+4915100000001', 'Hi, is the shop open?').done;
    await smsc.sendInbound('ACME', '+4915100000001', 'Your code is 1234').done;
    expect(host.inbound).toEqual([
      expect.objectContaining({ from: '+4917612345678', body: 'Hi, is the shop open?' }),
      expect.objectContaining({ from: 'ACME', body: 'Your code is 1234' }),
    ]);
  });

  it.each([
    ['GSM-7', 'A long reply from a customer who has a lot to say about the order. '.repeat(5)],
    ['UCS-2', 'شكرا جزيلا على الخدمة الممتازة 🙏 '.repeat(6)],
  ])('joins a concatenated %s inbound SMS and hands it over once', async (_name, text) => {
    const { smsc, host, bind } = await setUp();
    await bind();
    const delivery = smsc.sendInbound('+4917612345678', '+4915100000001', text);
    await delivery.done;
    expect(delivery.parts.length).toBeGreaterThan(1);
    expect(host.inbound).toEqual([expect.objectContaining({ from: '+4917612345678', body: text })]);
  });

  it('stores an inbound SMS the centre sends again only once', async () => {
    const { smsc, host, bind } = await setUp();
    await bind();
    const single = smsc.sendInbound('+4917612345678', '+4915100000001', 'Yes please');
    const long = smsc.sendInbound('+4917612345678', '+4915100000001', 'Long answer. '.repeat(20));
    await Promise.all([single.done, long.done]);
    await smsc.resend(single);
    await smsc.resend(long);
    expect(host.inbound).toHaveLength(2);
    const again = smsc.sendInbound('+4917612345678', '+4915100000001', 'Yes please');
    await again.done;
    expect(host.inbound).toHaveLength(3);
    expect(host.inbound[2]!.providerMessageId).not.toBe(host.inbound[0]!.providerMessageId);
  });

  it('gets an inbound SMS left unanswered at shutdown again from the centre after the next bind', async () => {
    const { smsc, host, adapter, network, bind } = await setUp();
    await bind();
    let called = false;
    host.receiveInbound = () => {
      called = true;
      return new Promise(() => undefined); // the process dies before the pipeline answers
    };
    const delivery = smsc.sendInbound('+4917612345678', '+4915100000001', 'Still there?');
    await vi.waitFor(() => expect(called).toBe(true), until);
    await adapter.stop(network.id);

    const next = recordingHost();
    const restarted = createSmppAdapter(next, FAST);
    cleanups.push(() => restarted.close());
    await restarted.start(network);
    await delivery.done;
    expect(next.inbound).toEqual([expect.objectContaining({ body: 'Still there?' })]);
  });

  it('answers ESME_RSYSERR when the pipeline fails, so the centre delivers again', async () => {
    const { smsc, host, bind } = await setUp();
    await bind();
    host.failInbound = 1;
    const delivery = smsc.sendInbound('+4917612345678', '+4915100000001', 'Are you there?');
    await delivery.done;
    expect(delivery.parts[0]!.statuses).toEqual([0x08, 0x00]);
    expect(host.inbound).toEqual([expect.objectContaining({ body: 'Are you there?' })]);
  });
});

describe('SMPP testConnection', () => {
  it('binds, unbinds and reports ok', async () => {
    const { smsc, adapter, network } = await setUp();
    await expect(adapter.testConnection(network)).resolves.toEqual({ ok: true });
    expect(smsc.bindAttempts).toEqual([expect.objectContaining({ ok: true })]);
    await vi.waitFor(() => expect(smsc.sessions).toBe(0), until);
  });

  it('reports the centre’s answer to a wrong password', async () => {
    const { smsc, adapter } = await setUp();
    const network = smppNetwork(smsc.port, { password: 'nope' });
    await expect(adapter.testConnection(network)).resolves.toEqual({
      ok: false,
      error: 'ESME_RINVPASWD (0x0e): invalid password',
    });
  });

  it('gives up on a centre that does not answer the bind', async () => {
    const { adapter } = await setUp();
    const port = await silentServer();
    await expect(adapter.testConnection(smppNetwork(port))).resolves.toEqual({
      ok: false,
      error: `No answer from 127.0.0.1:${port} within ${FAST.testTimeoutMs} ms`,
    });
  });

  it('reports the socket error when nothing listens', async () => {
    const { adapter } = await setUp();
    const port = await closedPort();
    await expect(adapter.testConnection(smppNetwork(port))).resolves.toEqual({
      ok: false,
      error: `connect ECONNREFUSED 127.0.0.1:${port}`,
    });
  });
});

/** A TCP server that accepts connections and never says a word. */
async function silentServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as { port: number }).port;
}

/** A loopback port nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
