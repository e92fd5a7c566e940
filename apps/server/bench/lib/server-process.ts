import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- the repository's build script is plain JavaScript without types
import { buildWhatIsMissing } from '../../../../scripts/lib.mjs';

const serverEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Extra Node flags for the server, e.g. `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`. */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** Fixed keys, as several instances on one PostgreSQL database need (bench runs share one). */
export const BENCH_KEYS = {
  JWT_SECRET: 'bench-jwt-secret-that-is-at-least-32-characters',
  SECRETS_KEY: 'bench-secrets-key-that-is-at-least-32-characters',
};

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The real server in its own process on a fresh embedded database with the demo seed, so the
 * load generator (this process) does not compete with it for the event loop. It runs as `npm
 * start` runs it: the build (made first where it is missing or older than the sources), whose
 * worker threads start without a TypeScript loader.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  /** An existing data directory to serve (kept on stop); default: a fresh one, removed on stop. */
  existingDataDir?: string,
): Promise<BenchServer> {
  await buildWhatIsMissing(['contract', 'server']);
  const dataDir = existingDataDir ?? (await mkdtemp(path.join(tmpdir(), 'switchboard-bench-')));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...BENCH_KEYS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (!existingDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo admin and returns the `authorization` header value. */
export async function demoAdminAuthorization(url: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.com', password: 'demo-password' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return `Bearer ${accessToken}`;
}

/**
 * Registers a new account (a workspace of its own, with its sandbox, on the unlimited plan) and
 * returns its `authorization` header value: runs that share a PostgreSQL database do not see
 * each other's rows.
 */
export async function freshWorkspaceAuthorization(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: 'Bench Owner',
      email: `bench-${crypto.randomUUID()}@example.com`,
      password: 'bench-password-0123',
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const authorization = `Bearer ${accessToken}`;
  // A new workspace starts on the smallest plan (1,000 SMS a month); a benchmark sends more, so it
  // buys the unlimited plan on the test provider, as a customer would.
  const { order } = await apiCall<{ order: { id: string } }>(url, authorization, 'POST', '/api/billing/checkout', {
    planId: 'unlimited',
    months: 1,
    method: 'card',
    idempotencyKey: crypto.randomUUID(),
  });
  await apiCall(url, authorization, 'POST', `/api/billing/checkout/${order.id}/confirm`, {
    test: { method: 'card', number: '4242424242424242', expiry: '12/39', cvc: '123' },
  });
  return authorization;
}

/** Calls the JSON API as the given user; throws on a non-2xx answer. */
export async function apiCall<T>(
  url: string,
  authorization: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}
