/**
 * Starting a campaign of 100,000 recipients (issue 13's target: ≤ 5 s from "start" to every
 * message queued) on the embedded database, through the real server in its own process. The
 * contact book is `seed:large --contacts` (70 % named, 60 % with a city, 2 % opted out, US, UK,
 * German and French mobiles) plus the demo's few; every contact joins one list through the bulk
 * API. The campaign's text uses `{name|there}` and `{city|your town}`, quiet hours are on (each
 * recipient's zone is looked up), and `start` personalises, counts segments, books the quota and
 * queues every message. Three runs, each on a fresh copy of the seeded data; prints each and the
 * median. BENCH_CAMPAIGN_CONTACTS changes the size, BENCH_RUNS the number of runs.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  BulkContactResponse,
  Campaign,
  ContactCountResponse,
  ContactListResponse,
  NetworksResponse,
} from '@switchboard/contract';
import { SEED_MANIFEST, seedLarge } from '../scripts/seed-large.js';
import { apiCall, demoAdminAuthorization, startBenchServer } from './lib/server-process.js';

const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_SECONDS = 5;
const BODY = 'Hi {name|there}, the spring sale starts tomorrow in {city|your town}. Reply STOP to opt out.';

type CampaignResponse = { campaign: Campaign };

const migrationsDir = fileURLToPath(new URL('../drizzle/', import.meta.url));

/** A digest of every migration's SQL: a migration edited in place must not reuse an old seed. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort())
    hash.update(await readFile(path.join(migrationsDir, file)));
  return hash.digest('hex').slice(0, 12);
}

/** The seeded contact book, kept in the temp dir by size and migrations (a second run starts at once). */
async function seededDataDir(): Promise<string> {
  const dataDir = path.join(tmpdir(), `switchboard-campaign-bench-${CONTACTS}-${await migrationsDigest()}`);
  if (existsSync(path.join(dataDir, SEED_MANIFEST))) {
    console.log(`Seeded data: ${dataDir} (cached; delete it to seed again)`);
    return dataDir;
  }
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Seeding ${dataDir} …`);
  const seed = await seedLarge({ dataDir, contacts: CONTACTS, log: (line) => console.log(`  ${line}`) });
  console.log(`Seeded in ${seed.seconds.toFixed(1)} s.`);
  return dataDir;
}

interface Run {
  recipients: number;
  optedOut: number;
  startSeconds: number;
  queuedSeconds: number;
}

async function oneRun(seededDir: string, run: number): Promise<Run> {
  const dataDir = `${seededDir}-run-${process.pid}-${run}`;
  await rm(dataDir, { recursive: true, force: true });
  await cp(seededDir, dataDir, { recursive: true });
  const server = await startBenchServer({ LOG_LEVEL: 'error' }, dataDir);
  try {
    const authorization = await demoAdminAuthorization(server.url);
    const call = <T>(method: string, url: string, body?: unknown) =>
      apiCall<T>(server.url, authorization, method, url, body);
    const { list } = await call<ContactListResponse>('POST', '/api/contact-lists', { name: `Everyone ${run}` });
    await call<BulkContactResponse>('POST', '/api/contacts/bulk', {
      action: 'addToList',
      listId: list.id,
      selection: { filter: {} },
    });
    const { count: reachable } = await call<ContactCountResponse>(
      'GET',
      `/api/contacts/count?listId=${list.id}&optedOut=false`,
    );
    const { networks } = await call<NetworksResponse>('GET', '/api/networks');
    const sandbox = networks.find((network) => network.kind === 'sandbox') ?? networks[0]!;
    const { campaign } = await call<CampaignResponse>('POST', '/api/campaigns', {
      name: `Spring sale ${run}`,
      networkIds: [sandbox.id],
      audience: { listIds: [list.id] },
      body: BODY,
      ratePerSecond: 100,
      quietHours: { start: '21:00', end: '08:00' },
    });

    const began = performance.now();
    const { campaign: started } = await call<CampaignResponse>('POST', `/api/campaigns/${campaign.id}/start`);
    const answered = performance.now();
    // Start queues in one transaction; should it ever answer first, wait for every message.
    let current = started;
    while (current.counts.recipients < reachable) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ({ campaign: current } = await call<CampaignResponse>('GET', `/api/campaigns/${campaign.id}`));
    }
    const queued = performance.now();
    // Nothing more to measure: stop the sandbox from sending while the server shuts down.
    await call('POST', `/api/campaigns/${campaign.id}/pause`);
    if (current.counts.recipients !== reachable)
      throw new Error(`${current.counts.recipients} recipients, expected ${reachable}`);
    return {
      recipients: current.counts.recipients,
      optedOut: current.exclusions?.optedOut ?? 0,
      startSeconds: (answered - began) / 1000,
      queuedSeconds: (queued - began) / 1000,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  const seededDir = await seededDataDir();
  const runs: Run[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await oneRun(seededDir, run);
    runs.push(result);
    console.log(
      `run ${run}: ${result.recipients.toLocaleString('en')} recipients (${result.optedOut.toLocaleString('en')} opted out left out): ` +
        `start answered in ${result.startSeconds.toFixed(2)} s, every message queued at ${result.queuedSeconds.toFixed(2)} s`,
    );
  }
  const sorted = runs.map((run) => run.queuedSeconds).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `median of ${runs.length}: ${median.toFixed(2)} s from start to every message queued ` +
      `(target ≤ ${TARGET_SECONDS} s: ${median <= TARGET_SECONDS ? 'met' : 'MISSED'})`,
  );
}

await main();
