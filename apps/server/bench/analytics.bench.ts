/**
 * The control panel on a large embedded database: 1,000,000 messages of the demo workspace over
 * the last 90 days (45 % inbound; outbound replies, API sends and auto-replies spread evenly over
 * the demo networks, campaign messages within 2 hours of their campaign's start, as queueMany
 * writes them: 30 campaigns), inserted by set-based statements of 100,000 rows WITH the roll-up
 * triggers on (so the roll-ups are what the pipeline would have kept), then, on the server in its
 * own process, GET /api/analytics/overview, series and breakdown for `preset=90d`, one request at
 * a time (p50 / p95 of BENCH_REQUESTS each, default 60; target p95 ≤ 100 ms).
 *
 * Before the server starts, the triggers' cost on that database: single-row inserts (an inbound
 * text), single-row state updates (a delivery report) and one 100,000-row insert (a campaign's
 * start), each with the triggers enabled and disabled; the rows it adds are deleted again.
 *
 * The seeded directory is kept in the temp dir, keyed by size and migrations (delete it to seed
 * again). BENCH_MESSAGES changes the size.
 */
import { existsSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../src/db/database.js';
import { seedLarge } from '../scripts/seed-large.js';
import { percentile } from './lib/latency.js';
import { demoAdminAuthorization, startBenchServer } from './lib/server-process.js';
import { measureTriggerCost } from './lib/trigger-cost.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const BATCH = 100_000;
const THREADS = 20_000;
const CAMPAIGNS = 30;
const TARGET_P95_MS = 100;
const DONE = 'analytics-bench.json';

const journal = fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url));

/** The demo workspace with THREADS threads and CAMPAIGNS campaigns, and MESSAGES messages over 90 days. */
async function seed(db: Db, log: (line: string) => void): Promise<void> {
  const [ws] = await queryRows<{ id: string }>(
    db,
    sql`select workspace_id as id from users where email = 'admin@demo.com'`,
  );
  const workspaceId = ws!.id;
  await db.execute(sql`insert into contacts (workspace_id, phone_number, name)
    select ${workspaceId}, '+1415' || lpad(g::text, 7, '0'), 'Bench ' || g from generate_series(1, ${THREADS}) g
    on conflict do nothing`);
  await db.execute(sql`insert into conversations (workspace_id, network_id, contact_id)
    select ${workspaceId}, n.id, c.id
    from (select c.*, row_number() over (order by c.id) as k from contacts c
      where c.workspace_id = ${workspaceId} and c.name like 'Bench %') c
    join (select id, row_number() over (order by created_at, id) - 1 as i, count(*) over () as total from networks
      where workspace_id = ${workspaceId}) n on n.i = c.k % n.total
    on conflict do nothing`);
  await db.execute(sql`create table bench_threads as
    select (row_number() over (order by v.id) - 1)::int as n, v.id, v.network_id, v.contact_id
    from conversations v join contacts c on c.id = v.contact_id
    where v.workspace_id = ${workspaceId} and c.name like 'Bench %'`);
  await db.execute(sql`create index on bench_threads (n)`);
  await db.execute(sql`insert into campaigns (workspace_id, name, state, audience, started_at, finished_at)
    select ${workspaceId}, 'Bench campaign ' || g, 'completed', '{}'::jsonb, now() - g * interval '3 days',
      now() - g * interval '3 days' + interval '1 hour'
    from generate_series(1, ${CAMPAIGNS}) g`);
  await db.execute(sql`create table bench_campaigns as
    select (row_number() over (order by id) - 1)::int as n, id, started_at from campaigns
    where workspace_id = ${workspaceId} and name like 'Bench campaign %'`);
  const threads = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bench_threads`))[0]!.n;
  for (let done = 0; done < MESSAGES; done += BATCH) {
    const started = performance.now();
    const rows = Math.min(BATCH, MESSAGES - done);
    await db.execute(sql`insert into messages (workspace_id, network_id, conversation_id, contact_id, direction, body,
        encoding, segments, state, origin, campaign_id, error_code, created_at, updated_at)
      select ${workspaceId}, t.network_id, t.id, t.contact_id, r.dir::message_direction, 'Bench message', 'GSM-7',
        1 + (r.s < 0.2)::int,
        (case when r.dir = 'in' then 'received' when r.s < 0.87 then 'delivered' when r.s < 0.92 then 'failed'
          when r.s < 0.99 or r.o >= 0.7 or r.o < 0.2 then 'sent' else 'cancelled' end)::message_state,
        (case when r.dir = 'in' then null when r.o < 0.2 then 'reply' when r.o < 0.7 then 'campaign'
          when r.o < 0.9 then 'api' else 'auto-reply' end)::message_origin,
        case when r.dir = 'out' and r.o >= 0.2 and r.o < 0.7 then cp.id end,
        case when r.dir = 'out' and r.s >= 0.87 and r.s < 0.92 then 'E' || (floor(r.s * 1000)::int % 4) end,
        case when r.dir = 'out' and r.o >= 0.2 and r.o < 0.7 then cp.started_at + r.s * interval '2 hours' else r.at end,
        r.at
      from (
        select g, case when random() < 0.45 then 'in' else 'out' end as dir, random() as s, random() as o,
          now() - random() * interval '90 days' as at, floor(random() * ${threads})::int as thread,
          floor(random() * ${CAMPAIGNS})::int as campaign
        from generate_series(1, ${rows}) g
      ) r
      join bench_threads t on t.n = r.thread
      join bench_campaigns cp on cp.n = r.campaign`);
    log(`  messages: ${(done + rows).toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`drop table bench_threads`);
  await db.execute(sql`drop table bench_campaigns`);
  await db.execute(sql`vacuum analyze`);
}

/** The seeded data directory for this size and schema, made when missing. */
async function seededDataDir(): Promise<string> {
  const migrations = (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
  const dataDir = path.join(tmpdir(), `switchboard-analytics-bench-${MESSAGES}-m${migrations}`);
  if (existsSync(path.join(dataDir, DONE))) {
    console.log(`Seeded data: ${dataDir} (cached; delete it to seed again)`);
    return dataDir;
  }
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Seeding ${dataDir} …`);
  const started = performance.now();
  // The demo workspace, as a new server would make it (seed:large with nothing to add).
  await seedLarge({ dataDir, messages: 0, conversations: 0 });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await seed(database.db, (line) => console.log(line));
  } finally {
    await database.close();
  }
  const seconds = (performance.now() - started) / 1000;
  await writeFile(path.join(dataDir, DONE), JSON.stringify({ messages: MESSAGES, seconds }) + '\n');
  console.log(`Seeded in ${seconds.toFixed(1)} s.`);
  return dataDir;
}

/** REQUESTS calls one after the other (after 5 to warm up): p50 and p95 in ms. */
async function time(url: string, authorization: string): Promise<{ p50: number; p95: number; max: number }> {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await call();
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) latencies.push(await call());
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1)! };
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const dataDir = await seededDataDir();

  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [stats] = await queryRows<{ rows: number; messages: number }>(
      database.db,
      sql`select count(*)::int as rows, sum(messages)::int as messages from message_stats_hourly`,
    );
    console.log(
      `\nRoll-up: ${stats!.rows.toLocaleString('en')} rows for ${stats!.messages.toLocaleString('en')} messages.`,
    );
    const [diff] = await queryRows<{ n: number }>(
      database.db,
      sql`with r as (select workspace_id, hour, network_id, campaign_id, direction, state, origin, error_code,
            messages::bigint, segments::bigint from message_stats_hourly where messages <> 0 or segments <> 0),
        g as (select workspace_id, date_trunc('hour', created_at, 'UTC') as hour, network_id,
            coalesce(campaign_id, '00000000-0000-0000-0000-000000000000'::uuid), direction, state,
            coalesce(origin::text, ''), coalesce(error_code, ''), count(*), sum(segments)::bigint
          from messages group by 1, 2, 3, 4, 5, 6, 7, 8)
      select (select count(*) from (table r except table g) a)::int + (select count(*) from (table g except table r) b)::int as n`,
    );
    console.log(`Roll-up equals a GROUP BY over messages: ${diff!.n === 0 ? 'yes' : `no (${diff!.n} rows differ)`}.`);
    console.log('\nThe triggers’ cost (embedded PGlite, same database, in this process):\n');
    await measureTriggerCost(database.db);
  } finally {
    await database.close();
  }

  const server = await startBenchServer({ LOG_LEVEL: 'error', AUTH_RATE_LIMIT: '1000000' }, dataDir);
  try {
    const authorization = await demoAdminAuthorization(server.url);
    console.log(`\n${REQUESTS} requests each, one at a time, preset=90d (the server in its own process):\n`);
    console.log('| call | p50 ms | p95 ms | max ms |');
    console.log('|---|---|---|---|');
    let missed = 0;
    for (const name of ['overview', 'series', 'breakdown']) {
      const f = await time(`${server.url}/api/analytics/${name}?preset=90d`, authorization);
      if (!(f.p95 <= TARGET_P95_MS)) missed++;
      console.log(`| GET /api/analytics/${name} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.max.toFixed(1)} |`);
    }
    console.log(`\nTarget p95 ≤ ${TARGET_P95_MS} ms: ${missed === 0 ? 'met on every call' : `missed on ${missed}`}.`);
  } finally {
    await server.stop();
  }
}

await main();
