// `npm test`: lint, typecheck and build (side by side), unit, service and API tests, bundle budget,
// browser end-to-end tests (in shards side by side) — then one summary line "Tests: N passed,
// N failed". Installs Debian's Chromium first when it is missing.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run, runPrefixed } from './lib.mjs';
import { printSummary, resultsDir } from './test-summary.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Browser test shards run side by side, each against its own servers and database. */
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
/**
 * The browser tests' 100,000-message thread, seeded once in the background: every shard's
 * server starts from a copy (e2e/start-server.mjs) instead of seeding its own (~15 s of CPU each).
 */
const LONG_THREAD_TEMPLATE = path.join(tmpdir(), `switchboard-e2e-long-thread-${process.pid}`);

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.log('Installing Debian Chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    (await run('apt-get', ['update', '-qq'], { env })) === 0 &&
    (await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env })) === 0;
  if (!ok || !existsSync(CHROMIUM)) {
    console.error('Could not install Chromium with apt-get: install the "chromium" package and run again.');
    process.exit(1);
  }
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function fail(name, code) {
  rmSync(LONG_THREAD_TEMPLATE, { recursive: true, force: true });
  console.error(`\n✖ ${name} failed (exit ${code}).`);
  printSummary();
  process.exit(code);
}

async function step(name, command, args, env) {
  console.log(`\n▶ ${name}`);
  const since = Date.now();
  const code = await run(command, args, env ? { env: { ...process.env, ...env } } : {});
  if (code !== 0) fail(name, code);
  console.log(`✔ ${name} (${seconds(since)})`);
}

/**
 * Runs independent single-threaded commands side by side (both cores of a small machine work),
 * each line prefixed with its name; fails when any of them fails.
 */
async function together(title, tasks) {
  console.log(`\n▶ ${title}: ${tasks.map((task) => task.name).join(', ')}, side by side`);
  const since = Date.now();
  const codes = await Promise.all(
    tasks.map(async (task) => {
      const started = Date.now();
      const code = await runPrefixed(`[${task.name}]`, task.command, task.args, {
        env: { ...process.env, ...task.env },
      });
      console.log(`${code === 0 ? '✔' : '✖'} ${task.name} (${seconds(started)})`);
      return code;
    }),
  );
  const failed = codes.findIndex((code) => code !== 0);
  if (failed >= 0) fail(tasks[failed].name, codes[failed]);
  console.log(`✔ ${title} (${seconds(since)})`);
}

const typecheck = (workspace) => ({
  name: `typecheck ${workspace}`,
  command: 'npm',
  args: ['run', 'typecheck', '--silent', '-w', `@switchboard/${workspace}`],
});

const startedAt = Date.now();
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
await ensureChromium();
// The server and the web app are typechecked against the contract's built types.
await step('Build the contract', 'node', ['scripts/build.mjs', 'contract']);
// The long thread's seed runs in the background from here to the browser tests: it fills the
// cores the lint and unit phases leave idle (their last task alone, tests waiting on processes).
const seeding = runPrefixed('[seed]', 'npx', [
  'tsx',
  'apps/server/scripts/seed-large.ts',
  '--long-thread',
  '100000',
  '--data-dir',
  LONG_THREAD_TEMPLATE,
]);
await together('Lint, typecheck and build', [
  // In two halves: alone at the end of the phase, one eslint left a core idle (~18 s).
  { name: 'eslint web features', command: 'npx', args: ['eslint', 'apps/web/src/features'] },
  {
    name: 'eslint the rest',
    command: 'npx',
    args: ['eslint', '.', '--ignore-pattern', 'apps/web/src/features/**'],
  },
  { name: 'prettier', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  typecheck('contract'),
  typecheck('server'),
  typecheck('web'),
  { name: 'build', command: 'node', args: ['scripts/build.mjs', 'server', 'web'] },
]);
await step('Unit, service and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(resultsDir, 'vitest.json')}`,
]);
await step('Bundle budget', 'node', ['scripts/size.mjs']);
const seeded = await seeding;
if (seeded !== 0) fail("Seeding the browser tests' long thread", seeded);
try {
  await browserTests();
} finally {
  rmSync(LONG_THREAD_TEMPLATE, { recursive: true, force: true });
}
console.log(`\nnpm test took ${seconds(startedAt)}.`);
printSummary();

async function browserTests() {
  console.log(`\n▶ Browser end-to-end tests (${E2E_SHARDS} shards side by side)`);
  const since = Date.now();
  const codes = await Promise.all(
    Array.from({ length: E2E_SHARDS }, (_, i) => {
      const shard = `${i + 1}/${E2E_SHARDS}`;
      return runPrefixed(
        `[e2e ${shard}]`,
        'npx',
        ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', `--shard=${shard}`],
        {
          env: {
            ...process.env,
            // Each shard's two servers: 5099/5149, 5199/5249, …
            E2E_PORT: String(5099 + 100 * i),
            E2E_LONG_THREAD_TEMPLATE: LONG_THREAD_TEMPLATE,
            E2E_OUTPUT_DIR: path.join('test-results', `shard-${i + 1}`),
            PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, `playwright-${i + 1}.json`),
          },
        },
      );
    }),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) fail('Browser end-to-end tests', failed);
  console.log(`✔ Browser end-to-end tests (${seconds(since)})`);
}
