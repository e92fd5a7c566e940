/**
 * Inbound ingestion through the HTTP-provider (Twilio-compatible) webhook on the embedded
 * database: every request is a new SMS with a valid X-Twilio-Signature, so each one is verified,
 * stored with its contact and conversation, committed and published. Two networks, measured one
 * after the other in the same run: one without auto-reply rules, one with 50 enabled rules (see
 * bench/lib/auto-reply-rules.ts). Prints the sustained rate and latency of each, and the raw
 * PGlite single-row insert rate for the ratio. Run with `npm run bench`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import twilio from 'twilio';
import { benchRules, KEYWORD_SHARE } from './lib/auto-reply-rules.js';
import { apiCall, demoAdminAuthorization, startBenchServer, type BenchServer } from './lib/server-process.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 16;
const AUTH_TOKEN = 'bench-auth-token-0123456789';

/** Single-row inserts, one at a time, into a file-backed PGlite like the server's. */
async function rawPgliteInsertRate(rows: number): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'switchboard-bench-pglite-'));
  const db = await PGlite.create(dir);
  await db.exec(`create table t (id uuid primary key default gen_random_uuid(), network_id uuid, body text,
    created_at timestamptz not null default now())`);
  const network = crypto.randomUUID();
  const start = performance.now();
  for (let i = 0; i < rows; i++)
    await db.query('insert into t (network_id, body) values ($1, $2)', [network, `m ${i}`]);
  const rate = rows / ((performance.now() - start) / 1000);
  await db.close();
  await rm(dir, { recursive: true, force: true });
  return rate;
}

/** A provider's Messages API that accepts every send (the auto-replies go out through it). */
async function startProvider(): Promise<{ url: string; accepted: () => number; close: () => void }> {
  let accepted = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      accepted += 1;
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SMsent${accepted}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => server.close(),
  };
}

interface Measured {
  rate: number;
  latency: autocannon.Result['latency'];
  non2xx: number;
  accepted: number;
  stored: number;
}

/** Posts signed inbound webhooks to one network for DURATION seconds. */
async function flood(server: BenchServer, authorization: string, networkId: string, withKeywords: boolean) {
  const signedUrl = `${server.url}/hooks/twilio/${networkId}/sms`;
  let sequence = 0;
  const result = await autocannon({
    url: signedUrl,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          // With rules: one message in KEYWORD_SHARE asks for the price (the last rule answers it);
          // the rest are asked of all 50 rules and match none.
          const asksPrice = withKeywords && KEYWORD_SHARE > 0 && sequence % Math.round(1 / KEYWORD_SHARE) === 0;
          const params = {
            MessageSid: `SM${networkId.slice(0, 4)}${sequence.toString().padStart(26, '0')}`,
            AccountSid: 'ACbench',
            // 5,000 senders: most messages land in an existing conversation, as in real traffic.
            From: `+1202555${(sequence % 5_000).toString().padStart(4, '0')}`,
            To: '+14155550100',
            Body: asksPrice ? `price? (${sequence})` : `Benchmark message ${sequence}: is the order ready?`,
            NumMedia: '0',
          };
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, signedUrl, params),
            },
            body: new URLSearchParams(params).toString(),
          };
        },
      },
    ],
  });
  const { networks } = await apiCall<{ networks: Array<{ id: string; stats: { inToday: number } }> }>(
    server.url,
    authorization,
    'GET',
    '/api/networks',
  );
  const stored = networks.find((n) => n.id === networkId)?.stats.inToday ?? 0;
  return {
    rate: result.requests.average,
    latency: result.latency,
    non2xx: result.non2xx,
    accepted: result['2xx'],
    stored,
  };
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const insertRate = await rawPgliteInsertRate(5_000);
  const provider = await startProvider();

  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  const authorization = await demoAdminAuthorization(server.url);
  const network = async (name: string, address: string) =>
    (
      await apiCall<{ network: { id: string } }>(server.url, authorization, 'POST', '/api/networks', {
        kind: 'http',
        name,
        address,
        throughput: 1000,
        settings: { accountSid: 'ACbench', authToken: AUTH_TOKEN, apiBaseUrl: provider.url },
      })
    ).network.id;
  const plain = await network('Bench provider', '+14155550100');
  const ruled = await network('Bench provider with rules', '+14155550101');
  for (const rule of benchRules(ruled)) await apiCall(server.url, authorization, 'POST', '/api/auto-reply/rules', rule);

  const cases: [string, Measured][] = [];
  cases.push(['no auto-reply rules', await flood(server, authorization, plain, false)]);
  cases.push(['50 enabled auto-reply rules', await flood(server, authorization, ruled, true)]);
  const { rules } = await apiCall<{ rules: Array<{ firedCount: number }> }>(
    server.url,
    authorization,
    'GET',
    '/api/auto-reply/rules',
  );
  const fired = rules.reduce((sum, r) => sum + r.firedCount, 0);
  await server.stop();
  provider.close();

  console.log(
    `\n${DURATION} s of autocannon per case, ${CONNECTIONS} connections, server in its own process, embedded PGlite\n`,
  );
  console.log(
    '| POST /hooks/twilio/:id/sms (signed, new SMS each) | msg/s (mean) | p50 ms | p97.5 ms | p99 ms | non-2xx | stored |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, m] of cases)
    console.log(
      `| ${name} | ${Math.round(m.rate)} | ${m.latency.p50} | ${m.latency.p97_5} | ${m.latency.p99} | ${m.non2xx} | ${m.stored} (${m.accepted} counted 2xx) |`,
    );
  console.log(`| raw PGlite single-row insert (same run, no server) | ${Math.round(insertRate)} rows/s | | | | | |`);
  const [base, ruledCase] = cases.map(([, m]) => m);
  console.log(
    `\nRatios: ingestion without rules is ${((base!.rate / insertRate) * 100).toFixed(0)} % of the raw insert rate;`,
  );
  console.log(
    `with 50 rules it is ${((ruledCase!.rate / base!.rate) * 100).toFixed(0)} % of the rate without. Auto-replies fired: ${fired}.`,
  );
  // autocannon stops counting at the deadline, so requests still in flight then are stored but
  // not counted: more stored than counted is expected, fewer would be a lost message.
  for (const [name, m] of cases)
    if (m.stored < m.accepted) {
      console.error(`${name}: stored ${m.stored} messages but the server accepted ${m.accepted}.`);
      process.exitCode = 1;
    }
}

await main();
