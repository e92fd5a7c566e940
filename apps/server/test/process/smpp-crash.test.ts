import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  freePort,
  killLeftovers,
  restartAfterCrash,
  START_TIMEOUT_MS,
  startServer,
  stop,
} from '../helpers/server-process.js';
import { startSmsc, type Smsc } from '../helpers/smsc.js';

const MESSAGES = 1_000;
const WINDOW = 10;

/**
 * The crash test: 1,000 messages queued on an SMPP network, the server killed with
 * SIGKILL while dispatching, then restarted on the same data. Every message must reach the SMS
 * centre and end `sent`/`delivered`; only those in flight at the kill (at most the window) may
 * reach it twice.
 */
describe('SMPP dispatch across a SIGKILL', () => {
  let dataDir: string;
  let smsc: Smsc;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-crash-'));
    smsc = await startSmsc({ systemId: 'crashtest', password: 'secret', autoDeliveryReceipt: { delayMs: 50 } });
  });
  afterAll(async () => {
    await killLeftovers();
    await smsc.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'loses nothing and repeats at most the messages in flight',
    async () => {
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir, DEMO_SEED: '1', MESSAGE_LEASE_SECONDS: '5' };
      const first = startServer(env);
      await first.waitForOutput('Switchboard is serving');
      const login = await api(port, 'POST', '/api/auth/login', { email: 'admin@demo.com', password: 'demo-password' });
      const token = login.body.accessToken as string;

      // Slow at first, so the whole batch is queued before dispatch gets going.
      const created = await api(
        port,
        'POST',
        '/api/networks',
        {
          kind: 'smpp',
          name: 'Crash centre',
          address: 'CRASHTEST',
          throughput: 1,
          settings: {
            host: '127.0.0.1',
            port: smsc.port,
            systemId: 'crashtest',
            password: 'secret',
            windowSize: WINDOW,
          },
        },
        token,
      );
      expect(created.status).toBe(201);
      const networkId = (created.body.network as { id: string }).id;

      const ids: string[] = [];
      for (let start = 0; start < MESSAGES; start += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, MESSAGES - start) }, (_, k) => {
            const i = start + k;
            const to = `+1202555${(1000 + (i % 9000)).toString().padStart(4, '0')}`;
            return api(port, 'POST', '/api/messages', { networkId, to, body: `crash test #${i}` }, token);
          }),
        );
        for (const response of batch) {
          expect(response.status).toBe(201);
          ids.push((response.body.message as { id: string }).id);
        }
      }

      await api(port, 'PATCH', `/api/networks/${networkId}`, { throughput: 200 }, token);
      await smsc.waitForSubmits(300, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const atKill = smsc.submits.length;

      const second = await restartAfterCrash(env);
      const texts = () => new Set(smsc.submits.map((s) => s.text));
      const deadline = Date.now() + 90_000;
      while (texts().size < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));

      const counts = new Map<string, number>();
      for (const submit of smsc.submits) counts.set(submit.text, (counts.get(submit.text) ?? 0) + 1);
      const repeated = [...counts.values()].filter((n) => n > 1).length;
      console.log(
        `crash test: ${atKill} submits before the kill, ${smsc.submits.length} in all, ` +
          `${counts.size} distinct messages, ${repeated} sent twice (window ${WINDOW})`,
      );
      expect(counts.size).toBe(MESSAGES);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
      expect(repeated).toBeLessThanOrEqual(WINDOW);

      const relogin = await api(port, 'POST', '/api/auth/login', {
        email: 'admin@demo.com',
        password: 'demo-password',
      });
      const token2 = relogin.body.accessToken as string;
      const finalStates = async () => {
        const states = new Map<string, number>();
        for (let i = 0; i < ids.length; i += 50) {
          const answers = await Promise.all(
            ids.slice(i, i + 50).map((id) => api(port, 'GET', `/api/messages/${id}`, undefined, token2)),
          );
          for (const answer of answers) {
            const state = (answer.body.message as { state: string }).state;
            states.set(state, (states.get(state) ?? 0) + 1);
          }
        }
        return states;
      };
      // The last submits' responses may still be on their way into the database.
      let states = await finalStates();
      for (let i = 0; i < 20 && [...states.keys()].some((s) => s !== 'sent' && s !== 'delivered'); i++) {
        await new Promise((r) => setTimeout(r, 500));
        states = await finalStates();
      }
      expect(
        [...states.keys()].every((s) => s === 'sent' || s === 'delivered'),
        JSON.stringify([...states]),
      ).toBe(true);
      expect(await stop(second)).toBe(0);
    },
    START_TIMEOUT_MS * 2 + 120_000,
  );
});
