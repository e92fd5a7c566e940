/**
 * Two instances on one PostgreSQL against one (issue 15): each run on a database of its own on
 * DATABASE_URL's server, servers in their own processes.
 *
 * 1. Ingestion: signed Twilio webhooks (no auto-reply rules) for BENCH_SECONDS, first to one
 *    instance (16 connections), then spread over two (8 + 8), taking turns for BENCH_ROUNDS
 *    rounds; the ratio of the medians. Target: two ≥ 1.7 × one.
 * 2. Inbox reads on 1,000,000 messages (`seed:large` into PostgreSQL): the four cases of
 *    inbox.bench.ts at 600 req/s spread over both instances (300 each). Target: p95 ≤ 50 ms.
 *
 * Needs PostgreSQL: `bash scripts/with-postgres.sh npx tsx apps/server/bench/cluster.bench.ts`
 * (skipped, with a note, without DATABASE_URL). BENCH_MESSAGES / BENCH_CONVERSATIONS size the
 * inbox seed (BENCH_MESSAGES=0 skips part 2).
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { seedLarge } from '../scripts/seed-large.js';
import { cursorAt, measure, reportRounds, type Figures, type LoadOptions } from './lib/latency.js';
import {
  apiCall,
  BENCH_KEYS,
  demoAdminAuthorization,
  freshWorkspaceAuthorization,
  startBenchServer,
} from './lib/server-process.js';
import { floodTwilio } from './lib/twilio-flood.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const CONNECTIONS = 16;
const AUTH_TOKEN = 'bench-auth-token-0123456789';
const INGESTION_TARGET = 1.7;
const READ_LOAD: LoadOptions = { rate: 300, connections: 10, seconds: DURATION };
const TARGET_P95_MS = 50;

async function withDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `sb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Two instances started one after the other (the first migrates), no demo seed unless asked. */
async function startPair(databaseUrl: string, demoSeed: boolean) {
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '1000000' };
  const a = await startBenchServer({ ...env, DEMO_SEED: demoSeed ? '1' : '0' });
  const b = await startBenchServer({ ...env, DEMO_SEED: '0' });
  return { a, b, stop: () => Promise.all([a.stop(), b.stop()]) };
}

async function ingestion(databaseUrl: string) {
  const { a, b, stop } = await startPair(databaseUrl, false);
  try {
    const authorization = await freshWorkspaceAuthorization(a.url);
    const { network } = await apiCall<{ network: { id: string } }>(a.url, authorization, 'POST', '/api/networks', {
      kind: 'http',
      name: 'Bench provider',
      address: '+14155550100',
      throughput: 1000,
      settings: { accountSid: 'ACbench', authToken: AUTH_TOKEN, apiBaseUrl: 'http://127.0.0.1:9' },
    });
    const flood = (url: string, connections: number, sidPrefix: string) =>
      floodTwilio({
        url,
        networkId: network.id,
        authToken: AUTH_TOKEN,
        connections,
        seconds: DURATION,
        keywordShare: 0,
        sidPrefix,
      });
    const one: number[] = [];
    const two: number[] = [];
    const errors: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const alone = await flood(a.url, CONNECTIONS, `r${round}a`);
      one.push(alone.requests.average);
      const [fromA, fromB] = await Promise.all([
        flood(a.url, CONNECTIONS / 2, `r${round}x`),
        flood(b.url, CONNECTIONS / 2, `r${round}y`),
      ]);
      two.push(fromA.requests.average + fromB.requests.average);
      errors.push(alone.non2xx + fromA.non2xx + fromB.non2xx + alone.errors + fromA.errors + fromB.errors);
      console.log(
        `round ${round + 1}: one instance ${Math.round(one.at(-1)!)} msg/s, two ${Math.round(two.at(-1)!)} msg/s`,
      );
    }
    const ratio = median(two) / median(one);
    console.log('\n| ingestion, PostgreSQL, no rules | msg/s median | runs | errors |');
    console.log('|---|---|---|---|');
    console.log(`| one instance, 16 connections | ${Math.round(median(one))} | ${one.map(Math.round).join(', ')} | |`);
    console.log(
      `| two instances, 8 + 8 connections | ${Math.round(median(two))} | ${two.map(Math.round).join(', ')} | ${errors.reduce((x, y) => x + y, 0)} |`,
    );
    console.log(
      `\nTwo / one: ${ratio.toFixed(2)} × (target ≥ ${INGESTION_TARGET} ×: ${ratio >= INGESTION_TARGET ? 'met' : 'missed'}).`,
    );
  } finally {
    await stop();
  }
}

async function inboxReads(databaseUrl: string) {
  Object.assign(process.env, BENCH_KEYS); // the seed's demo workspace seals its secrets with the servers' key
  console.log(`\nSeeding ${MESSAGES.toLocaleString('en')} messages into PostgreSQL …`);
  const seed = await seedLarge({
    dataDir: '/nonexistent',
    databaseUrl,
    messages: MESSAGES,
    conversations: CONVERSATIONS,
  });
  console.log(`Seeded in ${seed.seconds.toFixed(1)} s.`);
  const thread = seed.biggestConversation!;
  const { a, b, stop } = await startPair(databaseUrl, false);
  try {
    const authorization = await demoAdminAuthorization(a.url);
    const list = (cursor?: string) => `/api/conversations?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const messages = (cursor?: string) =>
      `/api/conversations/${thread.id}/messages?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const cases = [
      { name: 'GET /api/conversations (first page)', path: '/api/conversations' },
      {
        name: 'GET /api/conversations?cursor= (30,000 threads deep)',
        path: `/api/conversations?cursor=${await cursorAt(a.url, authorization, list, Math.min(30_000, CONVERSATIONS - 200))}`,
      },
      { name: 'GET /api/conversations/:id/messages (first page)', path: `/api/conversations/${thread.id}/messages` },
      {
        name: 'GET /api/conversations/:id/messages?cursor= (10,000 back)',
        path: `/api/conversations/${thread.id}/messages?cursor=${await cursorAt(a.url, authorization, messages, Math.min(10_000, thread.messages - 200))}`,
      },
    ];
    /** 600 req/s: 300 to each instance at once; the latencies of both together. */
    const both = async (name: string, path: string, load: LoadOptions): Promise<Figures> => {
      const [x, y] = await Promise.all([
        measure(name, `${a.url}${path}`, authorization, load),
        measure(name, `${b.url}${path}`, authorization, load),
      ]);
      // Each half's percentiles are of equal weight (the same rate): the worse one is reported.
      return {
        name,
        rate: x.rate + y.rate,
        p50: Math.max(x.p50, y.p50),
        p95: Math.max(x.p95, y.p95),
        p99: Math.max(x.p99, y.p99),
        max: Math.max(x.max, y.max),
        non2xx: x.non2xx + y.non2xx,
      };
    };
    for (const c of cases) await both(c.name, c.path, { ...READ_LOAD, seconds: 2 });
    const rounds: Figures[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const c of cases) figures.push(await both(c.name, c.path, READ_LOAD));
      rounds.push(figures);
      console.log(
        `round ${round + 1}: p95 ${figures.map((f) => f.p95.toFixed(1)).join(' / ')} ms at ${figures.map((f) => Math.round(f.rate)).join(' / ')} req/s`,
      );
    }
    console.log(
      `\nInbox reads, two instances on PostgreSQL, 600 req/s (300 each), ${ROUNDS} rounds (the worse instance's percentile):\n`,
    );
    reportRounds(rounds, TARGET_P95_MS);
  } finally {
    await stop();
  }
}

async function main() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'Skipped: needs PostgreSQL. Run `bash scripts/with-postgres.sh npx tsx apps/server/bench/cluster.bench.ts`.',
    );
    return;
  }
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  await withDatabase(adminUrl, ingestion);
  if (MESSAGES > 0) await withDatabase(adminUrl, inboxReads);
}

await main();
