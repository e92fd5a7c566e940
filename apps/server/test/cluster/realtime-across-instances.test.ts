import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/database.js';
import { QUIET_MS, sleep, socketClients, waitUntil, type Recorder } from '../helpers/socket-clients.js';
import { addMember, createTestApp, login, register, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { workspaceRoom } from '../../src/realtime/socket-server.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** What the issue allows from an event on one instance to a browser on the other. */
const WITHIN_MS = 1_000;

/**
 * Two apps on one PostgreSQL database, as two instances behind a load balancer: socket.io's
 * PostgreSQL adapter carries an event published on one to the sockets held by the other.
 */
describe.skipIf(!onPostgres)('socket events across instances on PostgreSQL', () => {
  let shared: TestDatabase;
  let second: Database;
  let a: TestApp;
  let b: TestApp;
  let clients: Awaited<ReturnType<typeof socketClients>>;
  let clientsOfB: Awaited<ReturnType<typeof socketClients>>;

  beforeAll(async () => {
    shared = await openTestDatabase();
    second = await shared.reopen!();
    a = await createTestApp({}, { database: shared });
    b = await createTestApp({}, { database: second });
    clients = await socketClients(a);
    clientsOfB = await socketClients(b);
  });
  afterAll(async () => {
    await clients?.closeAll();
    await clientsOfB?.closeAll();
    await a?.close();
    await b?.close();
    await second?.close();
    await shared?.close();
  });

  it('delivers a message that arrived on B to a browser connected to A, and to no other workspace', async () => {
    const admin = await register(a.app, 'admin@realtime-a.example');
    const stranger = await register(a.app, 'admin@realtime-other.example');
    const [sandbox] = await a.app.services.networks.list(admin.userData.workspaceId);
    const mine: Recorder<'message.created'> = await clients.connectAs(admin, 'message.created');
    const theirs = await clients.connectAs(stranger, 'message.created');

    const started = Date.now();
    await b.app.services.messaging.host.receiveInbound({
      networkId: sandbox!.id,
      from: '+15005550006',
      body: 'arrived on B',
      providerMessageId: 'realtime-across-1',
    });
    const seen = await waitUntil(
      () => mine.seen.find((event) => event.message.body === 'arrived on B'),
      () => `A's browser saw ${JSON.stringify(mine.seen)}`,
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    expect(seen.message.direction).toBe('in');
    expect(theirs.seen).toEqual([]);
  });

  it('delivers every event of one turn in order, identical ones too (one NOTIFY statement holds them)', async () => {
    const admin = await register(a.app, 'admin@realtime-turn.example');
    const mine = await clients.connectAs(admin, 'message.created');
    const room = b.app.io.to(workspaceRoom(admin.userData.workspaceId));
    // PostgreSQL delivers identical notifications of one transaction once: the repeat must not be lost.
    for (const body of ['turn one', 'turn one', 'turn two', 'turn one'])
      room.emit('message.created', { message: { body } } as never);
    const bodies = () => mine.seen.map((event) => event.message.body).filter((body) => body.startsWith('turn '));
    await waitUntil(
      () => (bodies().length >= 4 ? true : undefined),
      () => `A's browser saw ${JSON.stringify(bodies())}`,
      10_000,
    );
    await sleep(QUIET_MS);
    expect(bodies()).toEqual(['turn one', 'turn one', 'turn two', 'turn one']);
  });

  it('sends an event too large for a NOTIFY through socket_io_attachments', async () => {
    const admin = await register(a.app, 'admin@realtime-large.example');
    const [sandbox] = await a.app.services.networks.list(admin.userData.workspaceId);
    const mine = await clients.connectAs(admin, 'message.created');
    const body = 'x'.repeat(1_500).repeat(6); // 9,000 characters: the event is over 8,000 bytes
    await b.app.services.messaging.host.receiveInbound({
      networkId: sandbox!.id,
      from: '+15005550006',
      body,
      providerMessageId: 'realtime-across-large',
    });
    const seen = await waitUntil(
      () => mine.seen.find((event) => event.message.body === body),
      () => `A's browser saw ${mine.seen.length} events`,
      10_000,
    );
    expect(seen.message.body).toHaveLength(9_000);
    const [stored] = await queryRows<{ n: number }>(shared.db, sql`select count(*)::int n from socket_io_attachments`);
    expect(stored!.n).toBeGreaterThan(0);
  });

  it('announces a user offline only when their last tab on any instance leaves', async () => {
    const admin = await register(a.app, 'admin@realtime-presence.example');
    await addMember(a.app, admin.userData.workspaceId, 'editor@realtime-presence.example', 'editor');
    const editor = await login(a.app, 'editor@realtime-presence.example');
    const watcher = await clients.connectAs(editor, 'presence.changed');
    const tabOnA = await clients.connectAs(admin, 'presence.changed');
    const tabOnB = await clientsOfB.connectAs(admin, 'presence.changed');
    const enter = (tab: Recorder<'presence.changed'>) =>
      tab.socket.emitWithAck('ENTERED', { email: admin.userData.email, sessionId: `tab-${Math.random()}` });
    await enter(tabOnA);
    await enter(tabOnB);
    const statuses = () => watcher.seen.filter((e) => e.userId === admin.userData.id).map((e) => e.status);
    await waitUntil(
      () => (statuses().includes('online') ? true : undefined),
      () => `the watcher saw ${JSON.stringify(statuses())}`,
    );

    tabOnA.socket.disconnect();
    await sleep(QUIET_MS);
    expect(statuses()).not.toContain('offline');

    tabOnB.socket.disconnect();
    await waitUntil(
      () => (statuses().includes('offline') ? true : undefined),
      () => `the watcher saw ${JSON.stringify(statuses())}`,
      10_000,
    );

    // A forgot the status its tab had announced when that tab left: a new tab there is announced.
    const count = statuses().length;
    await enter(await clients.connectAs(admin, 'presence.changed'));
    await waitUntil(
      () => (statuses().length > count ? true : undefined),
      () => `the watcher saw ${JSON.stringify(statuses())}`,
      10_000,
    );
    expect(statuses().at(-1)).toBe('online');
  });

  it('keeps delivering after the database terminated every connection (the adapter listens again)', async () => {
    const admin = await register(a.app, 'admin@realtime-terminated.example');
    const [sandbox] = await a.app.services.networks.list(admin.userData.workspaceId);
    const mine = await clients.connectAs(admin, 'message.created');
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    const [database] = await queryRows<{ name: string }>(shared.db, sql`select current_database() as name`);
    await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database!.name]);
    await killer.end();

    // B publishes once a second until A's browser sees one (the adapters reconnect within ~3 s).
    let sent = 0;
    const deadline = Date.now() + 20_000;
    while (!mine.seen.some((event) => event.message.body.startsWith('after the cut')) && Date.now() < deadline) {
      await b.app.services.messaging.host
        .receiveInbound({
          networkId: sandbox!.id,
          from: '+15005550006',
          body: `after the cut ${++sent}`,
          providerMessageId: `realtime-after-cut-${sent}`,
        })
        .catch(() => undefined); // a pooled connection may still be the dead one
      await sleep(1_000);
    }
    expect(mine.seen.some((event) => event.message.body.startsWith('after the cut'))).toBe(true);
  });
});
