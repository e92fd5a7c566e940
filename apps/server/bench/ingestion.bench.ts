/**
 * Inbound ingestion through the HTTP-provider (Twilio-compatible) webhook on the embedded
 * database: every request is a new SMS with a valid X-Twilio-Signature, so each one is verified,
 * stored with its contact and conversation, committed and published. Prints the sustained rate
 * and latency, and, from the same run, the raw PGlite single-row insert rate for the ratio.
 * Run with `npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import twilio from 'twilio';
import { apiCall, demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

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

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const insertRate = await rawPgliteInsertRate(5_000);

  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  const authorization = await demoAdminAuthorization(server.url);
  const { network } = await apiCall<{ network: { id: string } }>(server.url, authorization, 'POST', '/api/networks', {
    kind: 'http',
    name: 'Bench provider',
    address: '+14155550100',
    settings: { accountSid: 'ACbench', authToken: AUTH_TOKEN, apiBaseUrl: 'http://127.0.0.1:9' },
  });
  const hookPath = `/hooks/twilio/${network.id}/sms`;
  const signedUrl = `${server.url}${hookPath}`;

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
          const params = {
            MessageSid: `SMbench${sequence.toString().padStart(26, '0')}`,
            AccountSid: 'ACbench',
            // 5,000 senders: most messages land in an existing conversation, as in real traffic.
            From: `+1202555${(sequence % 5_000).toString().padStart(4, '0')}`,
            To: '+14155550100',
            Body: `Benchmark message ${sequence}: is the order ready?`,
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
  const stored = networks.find((n) => n.id === network.id)?.stats.inToday ?? 0;
  await server.stop();

  const l = result.latency;
  const rate = result.requests.average;
  console.log(
    `\n${DURATION} s of autocannon, ${CONNECTIONS} connections, server in its own process, embedded PGlite\n`,
  );
  console.log('| case | msg/s (mean) | p50 ms | p97.5 ms | p99 ms | non-2xx | stored |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| POST /hooks/twilio/:id/sms (signed, new SMS each) | ${Math.round(rate)} | ${l.p50} | ${l.p97_5} | ${l.p99} | ${result.non2xx} | ${stored} (${result['2xx']} counted 2xx) |`,
  );
  console.log(`| raw PGlite single-row insert (same run, no server) | ${Math.round(insertRate)} rows/s | | | | | |`);
  console.log(`\nRatio: ingestion is ${((rate / insertRate) * 100).toFixed(0)} % of the raw insert rate.`);
  // autocannon stops counting at the deadline, so requests still in flight then are stored but
  // not counted: more stored than counted is expected, fewer would be a lost message.
  if (stored < result['2xx']) {
    console.error(`Stored ${stored} messages but the server accepted ${result['2xx']}.`);
    process.exitCode = 1;
  }
}

await main();
