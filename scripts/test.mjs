// `npm test`: lint, typecheck, unit and API tests, build, bundle budget, browser end-to-end tests —
// then one summary line "Tests: N passed, N failed". Installs Debian's Chromium first when it is missing.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWhatIsMissing, run } from './lib.mjs';
import { printSummary, resultsDir } from './test-summary.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

async function step(name, command, args, env) {
  console.log(`\n▶ ${name}`);
  const code = await run(command, args, env ? { env: { ...process.env, ...env } } : {});
  if (code !== 0) {
    console.error(`\n✖ ${name} failed (exit ${code}).`);
    printSummary();
    process.exit(code);
  }
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
await ensureChromium();
await step('Lint', 'npm', ['run', 'lint', '--silent']);
await step('Typecheck', 'npm', ['run', 'typecheck', '--silent']);
await step('Unit and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(resultsDir, 'vitest.json')}`,
]);
console.log('\n▶ Build');
await buildWhatIsMissing();
await step('Bundle budget', 'node', ['scripts/size.mjs']);
await step('Browser end-to-end tests', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'playwright.json'),
});
printSummary();
