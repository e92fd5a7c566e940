import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/db/database.js';
import { socketClients, waitUntil, type Recorder } from '../helpers/socket-clients.js';
import { createTestApp, register, type TestApp } from '../helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

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

  beforeAll(async () => {
    shared = await openTestDatabase();
    second = await shared.reopen!();
    a = await createTestApp({}, { database: shared });
    b = await createTestApp({}, { database: second });
    clients = await socketClients(a);
  });
  afterAll(async () => {
    await clients?.closeAll();
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
});
