/**
 * Webhook fan-out: 20 endpoints subscribed to `message.received` at a local receiver that answers
 * after 50 ms, and 500 messages texted in through the sandbox network, so 10,000 signed deliveries
 * leave the server (stored in the outbox, claimed, sent, their attempts logged and settled). The
 * receiver checks every signature with the documented scheme. Prints deliveries per second from
 * the first delivery to the last, and the time from an event's creation to its delivery. Each
 * round is on a fresh server in its own process. Run with `npm run bench` (DATABASE_URL: on that
 * PostgreSQL database).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { percentile } from './lib/latency.js';
import { apiCall, freshWorkspaceAuthorization, startBenchServer } from './lib/server-process.js';

const ENDPOINTS = 20;
const EVENTS = 500;
const RECEIVER_LATENCY_MS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Receiver {
  url: string;
  /** Resolves when `count` deliveries have arrived. */
  received(count: number): Promise<void>;
  stats(): { first: number; last: number; lagsMs: number[]; badSignatures: number; duplicates: number };
  addSecret(secret: string): void;
  close(): void;
}

/** Verifies `Switchboard-Signature: t=<unix>,v1=<hex>` against any of the endpoints' secrets. */
function verified(header: string | undefined, body: string, secrets: string[]): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const given = Buffer.from(parts.v1, 'hex');
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

async function startReceiver(): Promise<Receiver> {
  const secrets: string[] = [];
  const seen = new Set<string>();
  const lagsMs: number[] = [];
  let first = 0;
  let last = 0;
  let badSignatures = 0;
  let duplicates = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const now = Date.now();
      const body = Buffer.concat(chunks).toString();
      if (!verified(request.headers['switchboard-signature'] as string | undefined, body, secrets)) badSignatures += 1;
      const event = JSON.parse(body) as { id: string; createdAt: string };
      const key = `${event.id}:${request.url}`;
      if (seen.has(key)) duplicates += 1;
      seen.add(key);
      lagsMs.push(now - Date.parse(event.createdAt));
      first ||= now;
      last = now;
      for (const waiter of waiters.filter((w) => seen.size >= w.count)) waiter.resolve();
      setTimeout(() => response.writeHead(200).end('ok'), RECEIVER_LATENCY_MS);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: (count) =>
      new Promise((resolve) => {
        if (seen.size >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    stats: () => ({ first, last, lagsMs, badSignatures, duplicates }),
    addSecret: (secret) => secrets.push(secret),
    close: () => server.close(),
  };
}

interface Run {
  rate: number;
  lagP50: number;
  lagP99: number;
  badSignatures: number;
  duplicates: number;
}

async function run(): Promise<Run> {
  const server = await startBenchServer({ LOG_LEVEL: 'error', ALLOW_INSECURE_WEBHOOKS: '1' });
  const receiver = await startReceiver();
  try {
    const authorization = await freshWorkspaceAuthorization(server.url);
    for (let i = 0; i < ENDPOINTS; i++) {
      const { secret } = await apiCall<{ secret: string }>(server.url, authorization, 'POST', '/api/webhooks', {
        url: `${receiver.url}/hook/${i}`,
        events: ['message.received'],
      });
      receiver.addSecret(secret);
    }
    const { networks } = await apiCall<{ networks: Array<{ id: string; kind: string }> }>(
      server.url,
      authorization,
      'GET',
      '/api/networks',
    );
    const sandbox = networks.find((n) => n.kind === 'sandbox')!;
    // Texted in 8 at a time, as fast as the server takes them.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < EVENTS) {
          const i = next++;
          await apiCall(server.url, authorization, 'POST', `/api/networks/${sandbox.id}/sandbox/messages`, {
            from: `+1202555${(i % 10_000).toString().padStart(4, '0')}`,
            body: `Fan-out ${i}: is the order ready?`,
          });
        }
      }),
    );
    const total = ENDPOINTS * EVENTS;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      receiver.received(total),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('deliveries missing after 5 min')), 300_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const { first, last, lagsMs, badSignatures, duplicates } = receiver.stats();
    const sorted = [...lagsMs].sort((a, b) => a - b);
    return {
      rate: total / ((last - first) / 1000),
      lagP50: percentile(sorted, 50),
      lagP99: percentile(sorted, 99),
      badSignatures,
      duplicates,
    };
  } finally {
    receiver.close();
    await server.stop();
  }
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const runs: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await run());
  const m = [...runs].sort((a, b) => a.rate - b.rate)[Math.floor(runs.length / 2)]!;
  console.log(
    `\n${EVENTS} inbound messages × ${ENDPOINTS} endpoints = ${EVENTS * ENDPOINTS} deliveries, receiver answering after ${RECEIVER_LATENCY_MS} ms, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; median run of ${ROUNDS}\n`,
  );
  console.log(
    '| webhook fan-out | deliveries/s (median run) | all runs | event → delivered p50 ms | p99 ms | bad signatures | duplicates |',
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| message.received to ${ENDPOINTS} endpoints | ${Math.round(m.rate)} | ${runs.map((r) => Math.round(r.rate)).join(', ')} | ${m.lagP50} | ${m.lagP99} | ${m.badSignatures} | ${m.duplicates} |`,
  );
}

await main();
