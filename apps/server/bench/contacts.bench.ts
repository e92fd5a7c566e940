/**
 * The contacts page's API on a large embedded database: 1,000,000 contacts (`seed:large
 * --contacts`, plus 20,000 with conversations so the "last message" order has data), the server
 * in its own process, autocannon at a fixed rate. Measures the first page in each order, pages
 * filtered by tag, list, custom field, opt-out and search, and a page 10,000 contacts deep; then,
 * at a low rate, the whole-workspace reads (a count, tags and lists with their counts).
 * Target: p95 ≤ 50 ms for the first page and a filtered page.
 *
 * The seeded data directory is kept in the temp dir, keyed by its size and the migrations, so a
 * second run starts at once; the first run creates it (~1 min). BENCH_CONTACTS changes the size,
 * BENCH_SECONDS the length of each case, BENCH_RATE the requests per second.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEED_MANIFEST, seedLarge, type SeedLargeResult } from '../scripts/seed-large.js';
import { cursorAt, measure, report, type Figures, type LoadOptions } from './lib/latency.js';
import { demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
/** Of them, this many have a thread (and so a last message). */
const WITH_THREADS = Math.min(20_000, Math.floor(CONTACTS / 10));
const LOAD: LoadOptions = {
  rate: Number(process.env.BENCH_RATE ?? 100),
  connections: 5,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
};
const TARGET_P95_MS = 50;
const DEPTH = 10_000;

const journal = fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url));

async function seededDataDir(): Promise<{ dataDir: string; seed: SeedLargeResult }> {
  const migrations = (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  const dataDir = path.join(tmpdir(), `switchboard-contacts-bench-${CONTACTS}-m${migrations}`);
  const manifest = path.join(dataDir, SEED_MANIFEST);
  if (existsSync(manifest)) {
    console.log(`Seeded data: ${dataDir} (cached; delete it to seed again)`);
    return { dataDir, seed: JSON.parse(await readFile(manifest, 'utf8')) as SeedLargeResult };
  }
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Seeding ${dataDir} …`);
  const seed = await seedLarge({
    dataDir,
    contacts: CONTACTS - WITH_THREADS,
    messages: WITH_THREADS * 5,
    conversations: WITH_THREADS,
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
  const lists = seed.contactBook?.lists ?? [];
  const rareList = lists.find((l) => l.name === 'Event 2026');
  const bigList = lists.find((l) => l.name === 'Customers');
  if (!rareList || !bigList) throw new Error('The seed manifest names no lists.');
  const server = await startBenchServer({ LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '1000000' }, dataDir);
  try {
    const authorization = await demoAdminAuthorization(server.url);
    const deep = await cursorAt(
      server.url,
      authorization,
      (cursor) => `/api/contacts?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      DEPTH,
    );
    const cases = [
      { name: 'first page (newest first)', path: '/api/contacts' },
      { name: 'first page by name', path: '/api/contacts?sort=name&order=asc' },
      { name: 'first page by last message', path: '/api/contacts?sort=lastMessage' },
      { name: `page ${DEPTH.toLocaleString('en')} contacts deep`, path: `/api/contacts?cursor=${deep}` },
      { name: 'tag "vip" (~8 %)', path: '/api/contacts?tag=vip' },
      { name: 'list "Customers" (30 %), by name', path: `/api/contacts?listId=${bigList.id}&sort=name&order=asc` },
      { name: 'list "Event 2026" (1 %)', path: `/api/contacts?listId=${rareList.id}` },
      { name: 'custom field city = Lyon (6 %)', path: '/api/contacts?fieldKey=city&fieldValue=Lyon' },
      { name: 'opted out (2 %)', path: '/api/contacts?optedOut=true' },
      { name: 'search "müller"', path: `/api/contacts?q=${encodeURIComponent('müller')}` },
      { name: 'search a number "4477"', path: '/api/contacts?q=4477' },
      // Whole-workspace reads the page makes once, not per page: measured at a low rate.
      { name: 'count, tag "vip"', path: '/api/contacts/count?tag=vip', rate: 5 },
      { name: 'tags with counts', path: '/api/contact-tags', rate: 2 },
      { name: 'lists with member counts', path: '/api/contact-lists', rate: 5 },
    ].map((c) => ({ ...c, name: `GET ${c.path.split('?')[0]} — ${c.name}` }));
    const loadOf = (c: { rate?: number }, seconds = LOAD.seconds): LoadOptions => ({
      ...LOAD,
      seconds,
      rate: c.rate ?? LOAD.rate,
      connections: Math.min(LOAD.connections, c.rate ?? LOAD.rate),
    });
    // Warm the server (JIT, PGlite's buffers) on every path first.
    for (const c of cases) await measure(c.name, `${server.url}${c.path}`, authorization, loadOf(c, 2));

    const figures: Figures[] = [];
    for (const c of cases) figures.push(await measure(c.name, `${server.url}${c.path}`, authorization, loadOf(c)));

    const total = (seed.contactBook?.contacts ?? 0) + seed.conversations;
    console.log(
      `\n${total.toLocaleString('en')} contacts (${seed.conversations.toLocaleString('en')} with threads), embedded PGlite; ` +
        `each case ${LOAD.seconds} s at a fixed ${LOAD.rate} req/s over ${LOAD.connections} connections ` +
        `(pages of 50, the default), server in its own process\n`,
    );
    const paged = figures.filter((f) => !cases.find((c) => c.name === f.name)?.rate);
    report(paged, TARGET_P95_MS);
    console.log('\nWhole-workspace reads (once per visit, not per page; no target):\n');
    report(figures.filter((f) => !paged.includes(f)));
  } finally {
    await server.stop();
  }
}

await main();
