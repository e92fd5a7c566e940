import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 5099);
/** A fresh embedded database for every run (the server creates and seeds it). */
const dataDir = path.join(tmpdir(), `switchboard-e2e-${port}`);

/** The built server on a fresh database with the demo accounts. */
function serverEnv(serverPort: number, serverDataDir: string): Record<string, string> {
  return {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: serverDataDir,
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    // Every page load renews the session (POST /api/auth/refresh-token, a credential route):
    // the default 20 a minute per IP would throttle a test run, which all comes from one IP.
    AUTH_RATE_LIMIT: '1000',
    // webhooks.spec.ts delivers to a receiver it starts on 127.0.0.1 (loopback is refused otherwise).
    ALLOW_INSECURE_WEBHOOKS: '1',
    // E2E_WEB_DIST lets parallel runs test their own build.
    WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(here, 'dist'),
  };
}

export default defineConfig({
  testDir: 'e2e',
  // Shards of `npm test` run side by side, each with its own servers and artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous waits: CI runs two shards side by side on a 2-core machine that may be busy with
  // other work too; a condition that holds is never slow to show for any other reason.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(here, '../../.test-results/playwright.json') },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only for a test's retry (CI retries once): recording one for every test (DOM
    // snapshots and a screencast of each step, kept only on failure) cost ~40 % of the suite's CPU.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Avoid stalls on this closed network (see shared/STACK.md).
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `node ${path.join(here, 'e2e/start-server.mjs')}`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      // One conversation of 100,000 messages for conversations-long-thread.spec.ts.
      env: { ...serverEnv(port, dataDir), E2E_LONG_THREAD: '100000' },
    },
    {
      // A second server whose access tokens live 3 s, for the silent-refresh test only
      // (auth-silent-refresh.spec.ts points its baseURL here).
      command: `node ${path.join(here, 'e2e/start-server.mjs')}`,
      url: `http://127.0.0.1:${port + 50}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv(port + 50, `${dataDir}-short-token`), ACCESS_TOKEN_TTL: '3' },
    },
  ],
});
