import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterBus, ClusterTopics } from '../../src/cluster/cluster-bus.js';
import type { Database } from '../../src/db/database.js';
import { waitUntil } from '../helpers/socket-clients.js';
import { openTestDatabase } from '../helpers/test-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const quiet = { warn: () => {}, error: () => {} };

describe.skipIf(!onPostgres)('the cluster bus on PostgreSQL (two instances)', () => {
  let database: Database;
  let a: ClusterBus;
  let b: ClusterBus;
  const heardByA: ClusterTopics['outbound.queued'][] = [];
  const heardByB: ClusterTopics['outbound.queued'][] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    a = await database.openClusterBus(quiet);
    b = await database.openClusterBus(quiet);
    a.on('outbound.queued', (payload) => heardByA.push(payload));
    b.on('outbound.queued', (payload) => heardByB.push(payload));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('tells the other instance and not itself; one turn’s identical notices go once', async () => {
    await Promise.all([
      a.broadcast('outbound.queued', { networkId: 'n1' }),
      a.broadcast('outbound.queued', { networkId: 'n1' }),
      a.broadcast('outbound.queued', { networkId: 'n2' }),
    ]);
    await waitUntil(
      () => (heardByB.length >= 2 ? true : undefined),
      () => `B heard ${JSON.stringify(heardByB)}`,
      10_000,
    );
    expect(heardByB.map((n) => n.networkId).sort()).toEqual(['n1', 'n2']);
    // A round trip through B proves A's own notices had time to come back, had they been delivered.
    await b.broadcast('outbound.queued', { networkId: 'from-b' });
    await waitUntil(
      () => (heardByA.length > 0 ? true : undefined),
      () => 'A heard nothing',
      10_000,
    );
    expect(heardByA).toEqual([{ networkId: 'from-b' }]);
  });

  it('sends a notice made in a transaction on commit, and drops it on rollback', async () => {
    heardByB.length = 0;
    await database.db
      .transaction(async (tx) => {
        await a.broadcast('outbound.queued', { networkId: 'rolled-back' }, tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await a.broadcast('outbound.queued', { networkId: 'committed' }, tx);
    });
    await waitUntil(
      () => (heardByB.length > 0 ? true : undefined),
      () => 'B heard nothing',
      10_000,
    );
    await b.broadcast('outbound.queued', { networkId: 'round-trip' });
    await a.broadcast('outbound.queued', { networkId: 'after' });
    await waitUntil(
      () => heardByB.find((n) => n.networkId === 'after'),
      () => JSON.stringify(heardByB),
      10_000,
    );
    expect(heardByB.map((n) => n.networkId)).toEqual(['committed', 'after']);
  });

  it('comes back after its listening connection is killed, and asks for a resync', async () => {
    let resyncs = 0;
    b.onResync(() => (resyncs += 1));
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'listen %'`,
    );
    await waitUntil(
      () => (resyncs > 0 ? true : undefined),
      () => 'no resync',
      15_000,
    );
    heardByB.length = 0;
    await a.broadcast('outbound.queued', { networkId: 'after-reconnect' });
    await waitUntil(
      () => heardByB[0],
      () => 'B heard nothing after reconnecting',
      10_000,
    );
  });
});
