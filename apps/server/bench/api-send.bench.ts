/**
 * `POST /api/v1/messages` with an API key, 32 connections: every request queues one message
 * (opt-out check, quota booking, segments, the contact and its thread) through an HTTP provider
 * network with room for 1,000 messages a second, which a local provider's Messages API accepts.
 * Each run is on a fresh server in its own process; the cases (new recipients, and one in ten
 * with an Idempotency-Key) take turns. Run with `npm run bench`; with `DATABASE_URL` set it runs
 * on that PostgreSQL database, else on the embedded one.
 */
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { startFakeProvider } from './lib/fake-provider.js';
import { apiCall, freshWorkspaceAuthorization, startBenchServer } from './lib/server-process.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;

interface Run {
  rate: number;
  p50: number;
  p99: number;
  non2xx: number;
  stored: number;
  /** Seconds after the load until nothing of the run was left queued or sending. */
  drained: number;
}

/**
 * Waits until the run's messages have all left the queue (sent through the provider), so what a
 * run accepted is also sent before the next run's server starts: on PostgreSQL the runs share
 * one database, and a backlog left over would be dispatched during the next run.
 */
async function drain(url: string, key: string): Promise<number> {
  const started = Date.now();
  const waiting = async (state: string) =>
    (await apiCall<{ messages: unknown[] }>(url, key, 'GET', `/api/v1/messages?state=${state}&limit=1`)).messages
      .length > 0;
  while ((await waiting('queued')) || (await waiting('sending'))) {
    if (Date.now() - started > 120_000) throw new Error('the queue did not empty in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return (Date.now() - started) / 1000;
}

/** A fresh server with a workspace, an HTTP network (the default one) and a key with messages:send. */
async function prepare(providerUrl: string) {
  const server = await startBenchServer({
    LOG_LEVEL: 'error',
    // The bench measures the send path, not the per-key limit (6,000 a minute by default).
    API_RATE_LIMIT: '1000000',
  });
  const authorization = await freshWorkspaceAuthorization(server.url);
  await apiCall(server.url, authorization, 'POST', '/api/networks', {
    kind: 'http',
    name: 'Bench provider',
    address: '+14155550100',
    throughput: 1000,
    settings: { accountSid: 'ACbench', authToken: 'bench-auth-token-0123456789', apiBaseUrl: providerUrl },
  });
  const { secret } = await apiCall<{ secret: string }>(server.url, authorization, 'POST', '/api/api-keys', {
    name: 'Bench key',
    scopes: ['messages:send', 'messages:read', 'usage:read'],
  });
  return { server, key: `Bearer ${secret}`, authorization };
}

async function run(providerUrl: string, idempotent: boolean): Promise<Run> {
  const { server, key } = await prepare(providerUrl);
  try {
    let sequence = 0;
    const result = await autocannon({
      url: `${server.url}/api/v1/messages`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          setupRequest: (request) => {
            sequence += 1;
            const headers: Record<string, string> = { authorization: key, 'content-type': 'application/json' };
            if (idempotent && sequence % 10 === 0) headers['idempotency-key'] = `bench-${sequence}`;
            return {
              ...request,
              headers,
              // 20,000 recipients: most sends reach a contact and thread that already exist.
              body: JSON.stringify({
                to: `+1202555${(sequence % 10_000).toString().padStart(4, '0')}`,
                body: `Your order ${sequence} is ready for pickup.`,
                metadata: { order: String(sequence) },
              }),
            };
          },
        },
      ],
    });
    const { used } = await apiCall<{ used: number }>(server.url, key, 'GET', '/api/v1/usage');
    const drained = await drain(server.url, key);
    return {
      rate: result['2xx'] / DURATION,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      stored: used,
      drained,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const provider = await startFakeProvider();
  const cases = [
    { name: 'new message each request', idempotent: false },
    { name: 'one in ten with an Idempotency-Key', idempotent: true },
  ];
  const runs = cases.map(() => [] as Run[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of cases.entries()) runs[i]!.push(await run(provider.url, c.idempotent));
  provider.close();

  console.log(
    `\n${DURATION} s of autocannon per run, ${CONNECTIONS} connections, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; median run of ${ROUNDS} per case\n`,
  );
  console.log(
    '| POST /api/v1/messages (API key) | accepted/s (median run) | all runs | p50 ms | p99 ms | non-2xx | segments booked | all sent after the load |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [i, c] of cases.entries()) {
    const sorted = [...runs[i]!].sort((a, b) => a.rate - b.rate);
    const m = sorted[Math.floor(sorted.length / 2)]!;
    console.log(
      `| ${c.name} | ${Math.round(m.rate)} | ${runs[i]!.map((r) => Math.round(r.rate)).join(', ')} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${m.stored} | ${runs[i]!.map((r) => `${r.drained.toFixed(1)} s`).join(', ')} |`,
    );
  }
}

await main();
