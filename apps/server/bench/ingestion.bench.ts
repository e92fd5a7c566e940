/**
 * Inbound ingestion through the HTTP-provider (Twilio-compatible) webhook on the embedded
 * database: every request is a new SMS with a valid X-Twilio-Signature, so each one is verified,
 * stored with its contact and conversation, run through opt-out and auto-reply, committed and
 * published. Three cases, each on a fresh server: no auto-reply rules; 50 enabled rules
 * (bench/lib/auto-reply-rules.ts) that no message matches, so every message is asked of all 50;
 * and the same rules with one message in ten answered (the reply is queued, recorded and sent to
 * a local provider). Each case is measured twice on its server: closed (16 connections, each
 * sending its next request when answered: the rate is what their latency allows) and open
 * (1,000 requests a second offered, whatever the answers: does the server keep up, and how long
 * do its answers take at that rate). Prints rate and latency of each, and the raw PGlite
 * single-row insert rate. Run with `npm run bench`.
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
/** The open run's offered rate, over enough connections that none waits for a free one. */
const OFFERED_RATE = 1_000;
const OPEN_CONNECTIONS = 128;
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

/** Messages of the network stored today (all floods on it so far). */
async function storedToday(server: BenchServer, authorization: string, networkId: string): Promise<number> {
  const { networks } = await apiCall<{ networks: Array<{ id: string; stats: { inToday: number } }> }>(
    server.url,
    authorization,
    'GET',
    '/api/networks',
  );
  return networks.find((n) => n.id === networkId)?.stats.inToday ?? 0;
}

/**
 * Posts signed inbound webhooks to one network for DURATION seconds: closed (CONNECTIONS, each
 * sending when answered) or open (OFFERED_RATE a second). `stored`: what the network gained.
 */
async function flood(
  server: BenchServer,
  authorization: string,
  networkId: string,
  keywordShare: number,
  open: boolean,
): Promise<Measured> {
  const before = await storedToday(server, authorization, networkId);
  const result = await floodTwilio({
    url: server.url,
    networkId,
    authToken: AUTH_TOKEN,
    connections: open ? OPEN_CONNECTIONS : CONNECTIONS,
    seconds: DURATION,
    keywordShare,
    ...(open && { rate: OFFERED_RATE, sidPrefix: 'open', askers: '558' }),
  });
  return {
    rate: result.requests.average,
    latency: result.latency,
    non2xx: result.non2xx,
    accepted: result['2xx'],
    stored: (await storedToday(server, authorization, networkId)) - before,
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

interface CaseRun {
  closed: Measured & { fired: number };
  open: Measured & { fired: number };
}

/**
 * One case on a fresh server and database, so no case runs on the rows an earlier one left: the
 * closed run, then the open one on the rows the first left.
 */
async function measure(c: Case, providerUrl: string): Promise<CaseRun> {
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
    const firedSoFar = async () => {
      const { rules } = await apiCall<{ rules: Array<{ firedCount: number }> }>(
        server.url,
        authorization,
        'GET',
        '/api/auto-reply/rules',
      );
      return rules.reduce((sum, r) => sum + r.firedCount, 0);
    };
    const closed = await flood(server, authorization, network.id, c.keywordShare, false);
    const firedClosed = await firedSoFar();
    const open = await flood(server, authorization, network.id, c.keywordShare, true);
    return { closed: { ...closed, fired: firedClosed }, open: { ...open, fired: (await firedSoFar()) - firedClosed } };
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
  const caseRuns = CASES.map(() => [] as CaseRun[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, c] of CASES.entries()) caseRuns[i]!.push(await measure(c, provider.url));
  const median = <T extends Measured>(list: T[]) =>
    [...list].sort((a, b) => a.rate - b.rate)[Math.floor(list.length / 2)]!;
  const runs = caseRuns.map((list) => list.map((r) => r.closed));
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

  console.log(
    `\nOpen: ${OFFERED_RATE} requests a second offered for ${DURATION} s over ${OPEN_CONNECTIONS} connections, after the closed run on the same server; min / median / max of the ${ROUNDS} runs (p99 and the rate are each sorted on their own)\n`,
  );
  console.log(
    '| offered 1,000 msg/s | msg/s answered | p50 ms (median run) | p99 ms | non-2xx | stored | auto-replies |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${Math.round(sorted[0]!)} / ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} / ${Math.round(sorted.at(-1)!)}`;
  };
  for (const [i, c] of CASES.entries()) {
    const open = caseRuns[i]!.map((r) => r.open);
    const middle = median(open);
    console.log(
      `| ${c.name} | ${spread(open.map((m) => m.rate))} | ${middle.latency.p50} | ${spread(open.map((m) => m.latency.p99))} | ${open.reduce((sum, m) => sum + m.non2xx, 0)} | ${open.reduce((sum, m) => sum + m.stored, 0)} (${open.reduce((sum, m) => sum + m.accepted, 0)} counted 2xx) | ${open.reduce((sum, m) => sum + m.fired, 0)} |`,
    );
  }
  // autocannon stops counting at the deadline, so requests still in flight then are stored but
  // not counted: more stored than counted is expected, fewer would be a lost message.
  for (const [i, c] of CASES.entries())
    for (const m of caseRuns[i]!.flatMap((r) => [r.closed, r.open]))
      if (m.stored < m.accepted) {
        console.error(`${c.name}: stored ${m.stored} messages but the server accepted ${m.accepted}.`);
        process.exitCode = 1;
      }
}

await main();
