import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { adminQuery, databaseUrl } from '../global-setup.js';
import { START_TIMEOUT_MS, startServer, type ServerProcess } from './server-process.js';

/**
 * Two (or more) real server processes (`src/server.ts`) on their own ports and one PostgreSQL
 * database, the way a load balancer's instances run: the same DATABASE_URL, PUBLIC_URL, JWT and
 * secrets keys and files directory, each with its own DATA_DIR. The database is a fresh copy of
 * the run's migrated template (test/global-setup.ts), dropped again by `close`.
 */

/** The address the provider and the phones are told: the load balancer's, shared by all instances. */
export const CLUSTER_PUBLIC_URL = 'http://switchboard.test';

export interface Instance {
  name: string;
  port: number;
  url: string;
  env: Record<string, string>;
  /** The running process; replaced by `restart`. */
  process: ServerProcess;
}

export interface ServerCluster {
  instances: Instance[];
  /** PostgreSQL URL of the cluster's database (for assertions that read it directly). */
  databaseUrl: string;
  /** SIGKILL, and wait until the process is gone. */
  kill(instance: Instance): Promise<void>;
  /** Starts the instance again on the same port and environment; resolves once it serves. */
  restart(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

const SERVING = 'Switchboard is serving';
/** For a suite's beforeAll: the instances start side by side, each within START_TIMEOUT_MS. */
export const CLUSTER_START_TIMEOUT_MS = START_TIMEOUT_MS * 2;
const PASSWORD = 'cluster-test-password-1';

export async function startServerCluster(
  options: { count?: number; env?: Record<string, string>; names?: string[] } = {},
): Promise<ServerCluster> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('a server cluster needs DATABASE_URL (scripts/with-postgres.sh)');
  const name = `sb_cluster_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = databaseUrl(adminUrl, name);
  const root = await mkdtemp(path.join(tmpdir(), 'switchboard-cluster-'));
  const shared = {
    DATABASE_URL: url,
    PUBLIC_URL: CLUSTER_PUBLIC_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    FILES_DIR: path.join(root, 'files'),
    DEMO_SEED: '0',
    LOG_LEVEL: 'warn',
    MESSAGE_LEASE_SECONDS: '5',
    ...options.env,
  };
  const names = options.names ?? ['A', 'B'];
  const instances: Instance[] = names
    .slice(0, options.count ?? names.length)
    .map((instanceName) => ({ name: instanceName, port: 0, url: '', env: {}, process: undefined as never }));
  try {
    await Promise.all(
      instances.map(async (instance) => {
        // A port found free can be taken before the server listens (another suite's socket):
        // then the instance starts again on another one.
        for (let attempt = 1; ; attempt++) {
          const port = await clusterPort();
          Object.assign(instance, {
            port,
            url: `http://127.0.0.1:${port}`,
            env: { ...shared, PORT: String(port), DATA_DIR: path.join(root, instance.name) },
          });
          instance.process = startServer(instance.env);
          try {
            return await instance.process.waitForOutput(SERVING, START_TIMEOUT_MS);
          } catch (error) {
            if (attempt >= 3 || !instance.process.stderr().includes('EADDRINUSE')) throw error;
          }
        }
      }),
    );
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.process && killProcess(instance.process)));
    await dropDatabase(adminUrl, name);
    throw error;
  }

  return {
    instances,
    databaseUrl: url,
    async kill(instance) {
      await killProcess(instance.process);
    },
    async restart(instance) {
      await killProcess(instance.process);
      // The same port (its URL is the instance's); if something took it meanwhile, wait for it.
      for (let attempt = 1; ; attempt++) {
        instance.process = startServer(instance.env);
        try {
          return await instance.process.waitForOutput(SERVING, START_TIMEOUT_MS);
        } catch (error) {
          if (attempt >= 10 || !instance.process.stderr().includes('EADDRINUSE')) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
    },
    async close() {
      await Promise.all(instances.map((instance) => killProcess(instance.process)));
      await dropDatabase(adminUrl, name);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A free port below Linux's ephemeral range (32768–60999), which the kernel never hands out to
 * other sockets on its own: the instance keeps it across restarts.
 */
async function clusterPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await isFree(port)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function killProcess(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server.exited;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

/** An answer of an instance's API: its status and JSON body (null when it has none). */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Calls an instance's API as a browser with an access token would. */
export async function call<T = Record<string, unknown>>(
  instance: Instance,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('application/json') && text;
  return { status: response.status, body: (json ? JSON.parse(text) : null) as T };
}

/** Like `call`, but fails with the answer when its status is not the expected one. */
export async function expectCall<T = Record<string, unknown>>(
  expected: number,
  instance: Instance,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const answer = await call<T>(instance, method, url, options);
  if (answer.status !== expected) {
    throw new Error(`${method} ${url} on ${instance.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A new workspace's admin (registered on `instance`), on the unlimited plan so no quota gets in the way. */
export async function registerAdmin(instance: Instance, email: string): Promise<string> {
  const registered = await expectCall<{ accessToken: string }>(200, instance, 'POST', '/api/auth/register', {
    body: { displayName: 'Cluster admin', email, password: PASSWORD },
  });
  // Bought as a customer would, on the test provider (billing's checkout with its test card).
  const token = registered.accessToken;
  const started = await expectCall<{ order: { id: string } }>(201, instance, 'POST', '/api/billing/checkout', {
    body: { planId: 'unlimited', months: 1, method: 'card', idempotencyKey: `cluster-${email}` },
    token,
  });
  await expectCall(200, instance, 'POST', `/api/billing/checkout/${started.order.id}/confirm`, {
    body: { test: { method: 'card', number: '4242424242424242', expiry: '12/39', cvc: '123' } },
    token,
  });
  return token;
}

/** Signs in again (on any instance) as an admin `registerAdmin` made. */
export async function signIn(instance: Instance, email: string): Promise<string> {
  const answer = await expectCall<{ accessToken: string }>(200, instance, 'POST', '/api/auth/login', {
    body: { email, password: PASSWORD },
  });
  return answer.accessToken;
}

/** Polls `condition` every 20 ms; fails with `what` after the time-out. */
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
