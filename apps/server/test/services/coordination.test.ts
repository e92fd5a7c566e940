import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/database.js';
import { createPeriodicJob, type JobTurns } from '../../src/lib/periodic-job.js';
import { createCoordination } from '../../src/modules/coordination/coordination.service.js';
import { eventually } from '../helpers/expectations.js';
import { createTestServices, silentLogger, type TestServices } from '../helpers/test-services.js';

type Counted = { current: number; ttl: number };

// What instances on one PostgreSQL share (modules/coordination): the rate limits' counters and
// the background jobs' turns. Each "instance" here is a coordination of its own over one
// database. The statements run on PGlite too (where the app does not use them: one process).
describe('coordination across instances', () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices({ start: false });
  });
  afterAll(() => t.close());

  /** @fastify/rate-limit's view of the store: `child` per limiter, `incr` with a callback. */
  function limiter(route?: { method: string; url: string }) {
    const Store = createCoordination(t.db, silentLogger).rateLimitStore;
    const store = new Store({}).child({ routeInfo: route ?? {} } as never);
    const incr = (key: string, windowMs = 60_000) =>
      new Promise<Counted>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, 10),
      );
    return { incr };
  }

  it('counts concurrent hits on one key 1..N, whichever instance takes them', async () => {
    const [a, b] = [limiter(), limiter()];
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).incr('ip:192.0.2.1')));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a window again at 1 once it ended, and counts routes and keys apart', async () => {
    const login = limiter({ method: 'POST', url: '/api/auth/login' });
    const register = limiter({ method: 'POST', url: '/api/auth/register' });
    expect((await login.incr('192.0.2.9')).current).toBe(1);
    expect((await login.incr('192.0.2.9')).current).toBe(2);
    expect((await register.incr('192.0.2.9')).current).toBe(1);
    expect((await login.incr('192.0.2.10')).current).toBe(1);

    await t.db.execute(sql`update rate_limit_counters set reset_at = now() - interval '1 second'
      where key = 'POST /api/auth/login|192.0.2.9'`);
    const restarted = await login.incr('192.0.2.9', 30_000);
    expect(restarted.current).toBe(1);
    expect(restarted.ttl).toBeGreaterThan(25_000);
    expect((await login.incr('192.0.2.9')).current).toBe(2);
  });

  it('counts the hits of one turn on several keys, an ended window among them, each hit its own count', async () => {
    const api = limiter({ method: 'POST', url: '/api/v1/messages' });
    expect((await api.incr('key:a')).current).toBe(1);
    await t.db.execute(sql`update rate_limit_counters set reset_at = now() - interval '1 second'
      where key = 'POST /api/v1/messages|key:a'`);
    const hits = await Promise.all(['key:a', 'key:b', 'key:a', 'key:c', 'key:a', 'key:b'].map((k) => api.incr(k)));
    expect(hits.map((h) => h.current)).toEqual([1, 1, 2, 1, 3, 2]);
    const [rows] = await queryRows<{ keys: string }>(
      t.db,
      sql`select string_agg(key || '=' || hits, ',' order by key) as keys from rate_limit_counters
        where key like 'POST /api/v1/messages|%'`,
    );
    expect(rows!.keys).toBe(
      'POST /api/v1/messages|key:a=3,POST /api/v1/messages|key:b=2,POST /api/v1/messages|key:c=1',
    );
  });

  it('sweeps ended counters and keeps running ones', async () => {
    const key = limiter();
    await key.incr('sweep:ended');
    await key.incr('sweep:running');
    await t.db.execute(
      sql`update rate_limit_counters set reset_at = now() - interval '1 second' where key = 'sweep:ended'`,
    );
    const { counterSweep } = createCoordination(t.db, silentLogger);
    counterSweep.start(); // its first pass runs at once
    const keys = async () =>
      (await queryRows<{ key: string }>(t.db, sql`select key from rate_limit_counters where key like 'sweep:%'`)).map(
        (r) => r.key,
      );
    await eventually(async () => !(await keys()).includes('sweep:ended'), 'the ended counter was swept');
    await counterSweep.stop();
    expect(await keys()).toEqual(['sweep:running']);
  });

  it('gives a job’s turn to one instance at a time, and the next one once the period has passed', async () => {
    const [a, b] = [createCoordination(t.db, silentLogger).turns, createCoordination(t.db, silentLogger).turns];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let passes = 0;
    const pass = async () => {
      passes++;
      await held;
    };
    const first = a.run('turn-test', 0, pass);
    await eventually(() => passes === 1, 'the first pass began');
    // While it runs, nobody else (not even its own instance) gets the turn.
    expect(await b.run('turn-test', 0, pass)).toBe(false);
    expect(await a.run('turn-test', 0, pass)).toBe(false);
    release();
    expect(await first).toBe(true);
    // A period of 0: the next turn is free at once, for any instance.
    expect(await b.run('turn-test', 0, pass)).toBe(true);
    // A period of an hour: the pass just run is the hour's pass.
    expect(await a.run('hourly-test', 3_600_000, pass)).toBe(true);
    expect(await b.run('hourly-test', 3_600_000, pass)).toBe(false);
    expect(await a.run('hourly-test', 3_600_000, pass)).toBe(false);
    expect(passes).toBe(3);
  });

  it('runs a shared periodic job once when two instances start it together', async () => {
    let attempts = 0;
    const counting = (turns: JobTurns): JobTurns => ({
      run: (...args) => turns.run(...args).finally(() => attempts++),
    });
    let passes = 0;
    const jobs = [1, 2].map(() =>
      createPeriodicJob(3_600_000, async () => void passes++, silentLogger, { sharedAs: 'pair-sweep' }),
    );
    jobs.forEach((job) => job.start(counting(createCoordination(t.db, silentLogger).turns)));
    await eventually(() => attempts === 2, 'both instances asked for the turn');
    await Promise.all(jobs.map((job) => job.stop()));
    expect(passes).toBe(1);
  });
});

// The whole of two instances' background work on one PostgreSQL: the ticker takes its turns.
describe.skipIf(!process.env.DATABASE_URL)('two started instances and a due schedule', () => {
  let t: TestServices;
  let second: ReturnType<TestServices['anotherInstance']>;
  beforeAll(async () => {
    t = await createTestServices({ start: false });
    second = t.anotherInstance();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('starts a due scheduled campaign exactly once and completes it', async () => {
    const { workspaceId, userId, sandbox } = await t.workspace();
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name, tags)
      select ${workspaceId}, '+336' || (40000000 + g)::text, 'P' || g, array['pair'] from generate_series(1, 3) g`);
    const campaign = await t.services.campaigns.create(workspaceId, userId, {
      name: 'Due on two instances',
      networkIds: [sandbox.id],
      audience: { tags: ['pair'] },
      body: 'Hi {name}',
      ratePerSecond: 10,
      schedule: { sendAt: new Date(Date.now() + 3_600_000).toISOString(), timeZone: null },
    });
    expect((await t.services.campaigns.start(workspaceId, campaign.id)).state).toBe('scheduled');
    await t.db.execute(sql`update campaigns set send_at = now() - interval '1 second' where id = ${campaign.id}`);

    await Promise.all([t.networkRunner.start(), second.networkRunner.start()]);
    const state = async () =>
      (await queryRows<{ state: string }>(t.db, sql`select state from campaigns where id = ${campaign.id}`))[0]!.state;
    await eventually(async () => (await state()) === 'completed', 'the campaign completed');

    const [messages] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where campaign_id = ${campaign.id}`,
    );
    expect(messages!.n).toBe(3);
    const started = [
      ...t.events.of(workspaceId, 'campaign.updated'),
      ...second.events.of(workspaceId, 'campaign.updated'),
    ]
      .map((e) => e.campaign)
      .filter((c) => c.id === campaign.id && c.state === 'sending');
    expect(started).toHaveLength(1);
  });

  it('gives a cancelled campaign’s segments back once when two instances cancel its leftovers at once', async () => {
    const { workspaceId, userId, sandbox } = await t.workspace();
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name, tags)
      select ${workspaceId}, '+336' || (41000000 + g)::text, 'P' || g, array['left'] from generate_series(1, 50) g`);
    const campaign = await t.services.campaigns.create(workspaceId, userId, {
      name: 'Leftovers',
      networkIds: [sandbox.id],
      audience: { tags: ['left'] },
      body: 'Hi {name}',
      ratePerSecond: 1,
    });
    const used = async () => (await t.services.workspaces.usage(workspaceId)).used;
    await t.services.campaigns.start(workspaceId, campaign.id);
    await t.services.campaigns.pause(workspaceId, campaign.id);
    // A claim in flight at the pause is given back to the queue (or sent): counted once it settled.
    await eventually(async () => {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from messages where campaign_id = ${campaign.id} and state = 'sending'`,
      );
      return row!.n === 0;
    }, 'no message of the campaign being sent');
    const booked = await used();
    const [queued] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where campaign_id = ${campaign.id} and state = 'queued'`,
    );
    // One instance's cancel holds the rows (uncommitted) while the other's, started meanwhile,
    // waits on their locks; then the first commits and the second goes on.
    const leftovers = (instance: Pick<TestServices, 'services'>, tx?: Db) =>
      instance.services.messaging.campaignMessages.cancelUnsent(workspaceId, campaign.id, tx);
    let waiting: Promise<number> | undefined;
    const first = await t.db.transaction(async (tx) => {
      const cancelled = await leftovers(t, tx);
      waiting = leftovers(second);
      await eventually(async () => {
        const [row] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return row!.n > 0;
      }, 'the second cancel waits on the rows');
      return cancelled;
    });
    expect(first).toBe(queued!.n);
    expect(await waiting).toBe(0);
    expect(booked - (await used())).toBe(queued!.n);
  });
});
