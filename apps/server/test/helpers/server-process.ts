import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The real entry point (`src/server.ts`) as a child process, for process-level tests. */

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
/** PGlite's initdb, migrations and the demo seed take several seconds on a cold directory. */
export const START_TIMEOUT_MS = 60_000;

/** Variables the server reads: the parent's values (e.g. CI's DATABASE_URL) must not leak in. */
export const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'ACCESS_TOKEN_TTL',
  'REFRESH_TOKEN_TTL',
  'DEMO_SEED',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'WEB_DIST_DIR',
  'TRUST_PROXY',
  'AUTH_RATE_LIMIT',
  'SECRETS_KEY',
  'MESSAGE_LEASE_SECONDS',
  'SANDBOX_DELIVERY_MS',
];

export interface ServerProcess {
  child: ChildProcess;
  port: number | undefined;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves once stdout contains `pattern`; rejects if the process exits first. */
  waitForOutput(pattern: string | RegExp, timeoutMs?: number): Promise<void>;
}

/** Every child started, so a suite can kill what is left in afterAll (killLeftovers). */
const children: ChildProcess[] = [];

export function startServer(env: Record<string, string>): ServerProcess {
  const base = { ...process.env };
  for (const name of SERVER_VARIABLES) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...base, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  // 'close', not 'exit': at 'exit' the last of its output may not have been read yet.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  return {
    child,
    port: env.PORT ? Number(env.PORT) : undefined,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitForOutput(pattern, timeoutMs = START_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      const found = () => (typeof pattern === 'string' ? out.includes(pattern) : pattern.test(out));
      while (!found()) {
        if (exitCode !== undefined) {
          throw new Error(`the server exited (${exitCode}) before printing ${pattern}:\n${out}\n${err}`);
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  server.child.kill(signal);
  return server.exited;
}

/** Kills every child still running (afterAll). */
export async function killLeftovers(): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

/**
 * Starts the server again on the DATA_DIR of one that was killed, at once, as a supervisor would:
 * the lock of a dead holder is taken over right away (src/db/data-dir-lock.ts).
 */
export async function restartAfterCrash(env: Record<string, string> & { DATA_DIR: string }): Promise<ServerProcess> {
  const server = startServer(env);
  await server.waitForOutput('Switchboard is serving');
  return server;
}
