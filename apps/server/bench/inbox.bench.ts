/**
 * The inbox read paths on a large embedded database: 1,000,000 messages in 100,000 conversations
 * (`seed:large`), the server in its own process, autocannon at a fixed 300 requests/s. Measures
 * the thread list (first page and a page 30,000 threads deep) and a long thread's messages
 * (first page and a page 10,000 messages back). Target: p95 ≤ 50 ms in every round. Also the
 * networks list, whose today's counts read the messages table: target ≤ 5 ms.
 *
 * The seeded data directory is kept in the temp dir, keyed by its size and the migrations, so a
 * second run starts at once; the first run creates it (~40 s). BENCH_MESSAGES and
 * BENCH_CONVERSATIONS change the size, BENCH_SECONDS the length of each case.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_MANIFEST, seedLarge, type SeedLargeResult } from '../scripts/seed-large.js';
import { cursorAt, measure, report, reportRounds, type Figures, type LoadOptions } from './lib/latency.js';
import { demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 300;
/** Few connections keep autocannon's bursts small; 10 still leave each request 33 ms before its connection's next one is due. */
const CONNECTIONS = 10;
const LOAD: LoadOptions = { rate: RATE, connections: CONNECTIONS, seconds: DURATION };
const TARGET_P95_MS = 50;
/** Each round runs every case once; the p95 of each case is reported as min / median / max. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The networks list (today's counts per network) at a light, steady rate: a page's own request. */
const NETWORKS_CASE = 'GET /api/networks (today’s counts per network)';
const NETWORKS_LOAD: LoadOptions = { rate: 50, connections: 2, seconds: DURATION };
const TARGET_NETWORKS_MS = 5;
/** How deep the "later page" cases start: threads into the inbox, messages into the thread. */
const INBOX_DEPTH = 30_000;
const THREAD_DEPTH = 10_000;

const journal = fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url));

/** The seeded directory for this size and schema; created (by `seedLarge`) when missing. */
async function seededDataDir(): Promise<{ dataDir: string; seed: SeedLargeResult }> {
  const migrations = (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  const dataDir = path.join(tmpdir(), `switchboard-inbox-bench-${MESSAGES}x${CONVERSATIONS}-m${migrations}`);
  const manifest = path.join(dataDir, SEED_MANIFEST);
  if (existsSync(manifest)) {
    console.log(`Seeded data: ${dataDir} (cached; delete it to seed again)`);
    return { dataDir, seed: JSON.parse(await readFile(manifest, 'utf8')) as SeedLargeResult };
  }
  // A directory without the manifest is an interrupted seed: start over.
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Seeding ${dataDir} …`);
  const seed = await seedLarge({
    dataDir,
    messages: MESSAGES,
    conversations: CONVERSATIONS,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`Seeded in ${seed.seconds.toFixed(1)} s.`);
  return { dataDir, seed };
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const { dataDir, seed } = await seededDataDir();
  if (!seed.biggestConversation) throw new Error('The seed manifest names no thread.');
  const server = await startBenchServer({ LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '1000000' }, dataDir);
  try {
    const authorization = await demoAdminAuthorization(server.url);
    const thread = seed.biggestConversation;
    const list = (cursor?: string) => `/api/conversations?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const messages = (cursor?: string) =>
      `/api/conversations/${thread.id}/messages?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const inboxCursor = await cursorAt(server.url, authorization, list, INBOX_DEPTH);
    const threadCursor = await cursorAt(
      server.url,
      authorization,
      messages,
      Math.min(THREAD_DEPTH, thread.messages - 200),
    );

    const cases = [
      { name: 'GET /api/conversations (first page)', path: '/api/conversations' },
      {
        name: `GET /api/conversations?cursor= (${INBOX_DEPTH.toLocaleString('en')} threads deep)`,
        path: `/api/conversations?cursor=${inboxCursor}`,
      },
      {
        name: `GET /api/conversations/:id/messages (first page, ${thread.messages.toLocaleString('en')}-message thread)`,
        path: `/api/conversations/${thread.id}/messages`,
      },
      {
        name: `GET /api/conversations/:id/messages?cursor= (${Math.min(THREAD_DEPTH, thread.messages - 200).toLocaleString('en')} messages back)`,
        path: `/api/conversations/${thread.id}/messages?cursor=${threadCursor}`,
      },
    ];
    // Warm the server (JIT, PGlite's buffers) on every path first.
    for (const c of cases) await measure(c.name, `${server.url}${c.path}`, authorization, { ...LOAD, seconds: 2 });
    await measure(NETWORKS_CASE, `${server.url}/api/networks`, authorization, { ...NETWORKS_LOAD, seconds: 2 });

    const rounds: Figures[][] = [];
    const networkRounds: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const c of cases) figures.push(await measure(c.name, `${server.url}${c.path}`, authorization, LOAD));
      networkRounds.push(await measure(NETWORKS_CASE, `${server.url}/api/networks`, authorization, NETWORKS_LOAD));
      console.log(`\nRound ${round} of ${ROUNDS}:`);
      report(figures, TARGET_P95_MS);
      rounds.push(figures);
    }

    console.log(
      `\n${seed.messages.toLocaleString('en')} messages in ${seed.conversations.toLocaleString('en')} conversations, ` +
        `embedded PGlite; each case ${DURATION} s at a fixed ${RATE} req/s over ${CONNECTIONS} connections ` +
        `(pages of 50, the default), server in its own process; ${ROUNDS} rounds\n`,
    );
    reportRounds(rounds, TARGET_P95_MS);
    console.log(`\n${NETWORKS_CASE} at ${NETWORKS_LOAD.rate} req/s, each round:`);
    report(networkRounds);
    const p50s = networkRounds.map((f) => f.p50);
    console.log(
      `\nTarget median ≤ ${TARGET_NETWORKS_MS} ms: ${p50s.every((p) => p <= TARGET_NETWORKS_MS) ? 'met' : 'missed'} ` +
        `(p50 per round: ${p50s.map((p) => p.toFixed(1)).join(', ')} ms).`,
    );
  } finally {
    await server.stop();
  }
}

await main();
