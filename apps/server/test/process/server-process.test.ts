import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  freePort,
  killLeftovers,
  START_TIMEOUT_MS,
  startServer,
  stop,
  type ServerProcess,
} from '../helpers/server-process.js';

/**
 * The real entry point (`src/server.ts`) as a child process on the embedded PGlite database:
 * start-up output, the DATA_DIR lock, configuration errors and graceful shutdown.
 */

const LOCK_MESSAGE = 'in use by another Switchboard server';

describe('server process on embedded PGlite', () => {
  let dataDir: string;
  let first: ServerProcess;
  let firstPort: number;
  const user = { displayName: 'Process Test', email: 'process-test@example.com', password: 'a-long-password' };
  let userToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-process-'));
  });

  afterAll(async () => {
    await killLeftovers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'prints the URL and the demo accounts, then answers /api/health',
    async () => {
      firstPort = await freePort();
      first = startServer({ PORT: String(firstPort), DATA_DIR: dataDir, DEMO_SEED: '1' });
      await first.waitForOutput('set DEMO_SEED=0');

      expect(first.stdout()).toContain(`Switchboard is serving http://localhost:${firstPort}`);
      expect(first.stdout()).toContain('admin@demo.com (admin)');
      expect(first.stdout()).toContain('editor@demo.com (editor)');
      expect(first.stdout()).toContain('"demo-password"');

      expect(await api(firstPort, 'GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
      const demo = await api(firstPort, 'POST', '/api/auth/login', {
        email: 'admin@demo.com',
        password: 'demo-password',
      });
      expect(demo.status).toBe(200);
      expect(demo.body.accessToken).toEqual(expect.any(String));
    },
    START_TIMEOUT_MS + 10_000,
  );

  it(
    'refuses a second server on the same DATA_DIR while the first keeps serving',
    async () => {
      expect(first, 'the first server must be running').toBeDefined();
      const registered = await api(firstPort, 'POST', '/api/auth/register', user);
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      userToken = registered.body.accessToken as string;

      const second = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir, DEMO_SEED: '1' });
      const code = await second.exited;
      const output = `exit code ${code}\nstdout:\n${second.stdout()}\nstderr:\n${second.stderr()}`;
      expect(code, output).not.toBe(0);
      expect(code, output).not.toBeNull();
      expect(second.stderr(), output).toContain(LOCK_MESSAGE);
      expect(second.stderr(), output).toContain(path.resolve(dataDir));
      expect(second.stdout(), output).not.toContain('Switchboard is serving');

      expect(await api(firstPort, 'GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
      const me = await api(firstPort, 'GET', '/api/auth/me', undefined, userToken);
      expect(me.status).toBe(200);
    },
    START_TIMEOUT_MS,
  );

  it(
    'on SIGTERM finishes the request in flight, exits 0 and releases DATA_DIR; nothing is lost',
    async () => {
      expect(first, 'the first server must be running').toBeDefined();

      // A sign-in whose body is still arriving when SIGTERM comes: the server must wait for it.
      const body = JSON.stringify({ email: user.email, password: user.password });
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: firstPort,
            method: 'POST',
            path: '/api/auth/login',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        // Generous pauses: the server must have routed the request before the signal, and be
        // shutting down (not yet exited) when the rest of the body arrives.
        request.write(body.slice(0, 10));
        setTimeout(() => {
          first.child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(10)), 1_000);
        }, 1_000);
      });

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ accessToken: expect.any(String) });
      expect(await first.exited).toBe(0);

      // The lock is released at once (not left to go stale): a new server starts right away.
      const restartedPort = await freePort();
      const restarted = startServer({ PORT: String(restartedPort), DATA_DIR: dataDir, DEMO_SEED: '1' });
      await restarted.waitForOutput('Switchboard is serving');
      expect(restarted.stderr()).not.toContain(LOCK_MESSAGE);

      const login = await api(restartedPort, 'POST', '/api/auth/login', {
        email: user.email,
        password: user.password,
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ userData: { email: user.email, userRole: 'admin' } });
      // The JWT secret generated in DATA_DIR survived too: a token of the first run is still valid.
      expect((await api(restartedPort, 'GET', '/api/auth/me', undefined, userToken)).status).toBe(200);
      // The demo seed ran once: restarting did not add a second "Demo" workspace or fail.
      const demo = await api(restartedPort, 'POST', '/api/auth/login', {
        email: 'editor@demo.com',
        password: 'demo-password',
      });
      expect(demo.status).toBe(200);

      expect(await stop(restarted, 'SIGINT')).toBe(0);
    },
    START_TIMEOUT_MS + 20_000,
  );
});

describe('server process configuration errors', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/switchboard'],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['DEMO_SEED', 'yes'],
  ])(
    '%s=%s exits 1 with one line naming the variable',
    async (name, value) => {
      const server = startServer({ [name]: value, DATA_DIR: path.join(tmpdir(), 'switchboard-never-created') });
      const code = await server.exited;
      const output = `exit code ${code}\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`;
      expect(code, output).toBe(1);
      const lines = server.stderr().trim().split('\n');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toContain(`${name}=`);
      expect(lines[0]).not.toMatch(/\bat \S+:\d+/); // no stack trace
      expect(server.stdout()).toBe('');
    },
    30_000,
  );
});
