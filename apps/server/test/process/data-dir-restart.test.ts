import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, freePort, killLeftovers, START_TIMEOUT_MS, startServer, stop } from '../helpers/server-process.js';

/**
 * A supervisor (systemd, Docker, Kubernetes) restarts a killed server at once: the DATA_DIR lock
 * of the dead process must not refuse that start (src/db/data-dir-lock.ts).
 */
describe('server process restarted right after SIGKILL on embedded PGlite', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-restart-'));
  });

  afterAll(async () => {
    await killLeftovers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'starts again on the same DATA_DIR within a second of the kill, with its data',
    async () => {
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: '0' };
      const first = startServer(env);
      await first.waitForOutput('Switchboard is serving');
      const user = { displayName: 'Restart Test', email: 'restart@example.com', password: 'a-long-password' };
      expect((await api(port, 'POST', '/api/auth/register', user)).status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();
      const second = startServer(env);
      const startedWithin = Date.now() - killedAt;

      await second.waitForOutput('Switchboard is serving');
      expect(startedWithin).toBeLessThan(1_000);
      expect(second.stderr()).not.toContain('in use by another Switchboard server');
      expect(await api(port, 'GET', '/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
      const login = await api(port, 'POST', '/api/auth/login', { email: user.email, password: user.password });
      expect(login.status).toBe(200);

      // The restarted server holds the lock again: a third one is refused.
      const third = startServer({ ...env, PORT: String(await freePort()) });
      expect(await third.exited).toBe(1);
      expect(third.stderr()).toContain(`DATA_DIR ${path.resolve(dataDir)} is in use by another Switchboard server`);

      expect(await stop(second)).toBe(0);
    },
    2 * START_TIMEOUT_MS,
  );
});
