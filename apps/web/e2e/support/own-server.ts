import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A server of a spec's own, on a fresh embedded database with the demo accounts, for what the
 * shared servers of playwright.config.ts can't give (e.g. a mail catcher as SMTP_URL). Its port
 * is the shard's E2E_PORT plus `offset` (the config's servers use +0 and +50; shards are 100 apart).
 */
export function ownServerURL(offset: number): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 5099) + offset}`;
}

export async function startOwnServer(offset: number, env: Record<string, string>): Promise<OwnServer> {
  const baseURL = ownServerURL(offset);
  const port = new URL(baseURL).port;
  const dataDir = path.join(tmpdir(), `switchboard-e2e-${port}`);
  const { E2E_LONG_THREAD: _thread, E2E_LONG_THREAD_TEMPLATE: _template, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [path.join(e2eDir, 'start-server.mjs')], {
    env: {
      ...inherited,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_URL: baseURL,
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.join(e2eDir, '../dist'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${baseURL} exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on ${baseURL} did not start within 90 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
