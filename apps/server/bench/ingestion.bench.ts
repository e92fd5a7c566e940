/**
 * Inbound ingestion through the HTTP-provider (Twilio-compatible) webhook on the embedded
 * database: every request is a new SMS with a valid X-Twilio-Signature, so each one is verified,
 * stored with its contact and conversation, run through opt-out and auto-reply, committed and
 * published. Three cases, each on a fresh server: no auto-reply rules; 50 enabled rules
 * (bench/lib/auto-reply-rules.ts) that no message matches, so every message is asked of all 50;
 * and the same rules with one message in ten answered (the reply is queued, recorded and sent to
 * a local provider). Prints rate and latency of each, and the raw PGlite single-row insert rate.
 * Run with `npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type autocannon from 'autocannon';
import { startFakeProvider } from './lib/fake-provider.js';
import { floodTwilio } from './lib/twilio-flood.js';
import { benchRules, KEYWORD_SHARE } from './lib/auto-reply-rules.js';
import { apiCall, freshWorkspaceAuthorization, startBenchServer, type BenchServer } from './lib/server-process.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Each case runs this many times, the cases taking turns, and the median run is reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

interface Measured {
  rate: number;
  latency: autocannon.Result['latency'];
  non2xx: number;
  accepted: number;
  stored: number;
}

/** Posts signed inbound webhooks to one network for DURATION seconds. */
async function flood(server: BenchServer, authorization: string, networkId: string, keywordShare: number) {
  const result = await floodTwilio({
    url: server.url,
    networkId,
    authToken: AUTH_TOKEN,
    connections: CONNECTIONS,
    seconds: DURATION,
    keywordShare,
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

interface Case {
  name: string;
  rules: boolean;
  keywordShare: number;
}

const ALL_CASES: Case[] = [
  { name: 'no auto-reply rules', rules: false, keywordShare: 0 },
  { name: '50 enabled rules, no message matches', rules: true, keywordShare: 0 },
  { name: `50 enabled rules, ${KEYWORD_SHARE * 100} % answered`, rules: true, keywordShare: KEYWORD_SHARE },
];
/** BENCH_CASES=3 (or 1,3) runs only those cases (1-based), e.g. for a CPU profile of one. */
const CASES = process.env.BENCH_CASES
  ? process.env.BENCH_CASES.split(',').map((n) => ALL_CASES[Number(n) - 1]!)
  : ALL_CASES;

/** One case on a fresh server and database, so no case runs on the rows an earlier one left. */
async function measure(c: Case, providerUrl: string): Promise<Measured & { fired: number }> {
  const server = await startBenchServer({ LOG_LEVEL: 'error' });
  try {
    const authorization = await freshWorkspaceAuthorization(server.url);
    const { network } = await apiCall<{ network: { id: string } }>(server.url, authorization, 'POST', '/api/networks', {
      kind: 'http',
      name: 'Bench provider',
      address: '+14155550100',
      throughput: 1000,
      settings: { accountSid: 'ACbench', authToken: AUTH_TOKEN, apiBaseUrl: providerUrl },
    });
    if (c.rules)
      for (const rule of benchRules(network.id))
        await apiCall(server.url, authorization, 'POST', '/api/auto-reply/rules', rule);
    const measured = await flood(server, authorization, network.id, c.keywordShare);
    const { rules } = await apiCall<{ rules: Array<{ firedCount: number }> }>(
      server.url,
      authorization,
      'GET',
      '/api/auto-reply/rules',
    );
    return { ...measured, fired: rules.reduce((sum, r) => sum + r.firedCount, 0) };
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const insertRate = await rawPgliteInsertRate(5_000);
  const provider = await startFakeProvider();
  // Taking turns spreads the machine's slow and fast moments over every case.
  const runs = CASES.map(() => [] as (Measured & { fired: number })[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of CASES.entries()) runs[i]!.push(await measure(c, provider.url));
  const median = (list: (Measured & { fired: number })[]) =>
    [...list].sort((a, b) => a.rate - b.rate)[Math.floor(list.length / 2)]!;
  const results = CASES.map((c, i): [Case, Measured & { fired: number }] => [c, median(runs[i]!)]);
  provider.close();

  console.log(
    `\n${DURATION} s of autocannon per run, ${CONNECTIONS} connections, each run on a fresh server in its own process, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; median of ${ROUNDS} runs per case (all runs: msg/s)\n`,
  );
  console.log(
    '| POST /hooks/twilio/:id/sms (signed, new SMS each) | msg/s (median run) | all runs | p50 ms | p97.5 ms | p99 ms | non-2xx | stored | auto-replies |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [i, [c, m]] of results.entries())
    console.log(
      `| ${c.name} | ${Math.round(m.rate)} | ${runs[i]!.map((r) => Math.round(r.rate)).join(', ')} | ${m.latency.p50} | ${m.latency.p97_5} | ${m.latency.p99} | ${m.non2xx} | ${m.stored} (${m.accepted} counted 2xx) | ${m.fired} |`,
    );
  console.log(
    `| raw PGlite single-row insert (same run, no server) | ${Math.round(insertRate)} rows/s | | | | | | | |`,
  );
  const base = results[0]![1].rate;
  console.log(
    `\nRatios to the rate without rules: ${results
      .slice(1)
      .map(([c, m]) => `${c.name}: ${((m.rate / base) * 100).toFixed(0)} %`)
      .join('; ')}. Without rules: ${((base / insertRate) * 100).toFixed(0)} % of the raw insert rate.`,
  );
  // autocannon stops counting at the deadline, so requests still in flight then are stored but
  // not counted: more stored than counted is expected, fewer would be a lost message.
  for (const [i, c] of CASES.entries())
    for (const m of runs[i]!)
      if (m.stored < m.accepted) {
        console.error(`${c.name}: stored ${m.stored} messages but the server accepted ${m.accepted}.`);
        process.exitCode = 1;
      }
}

await main();
