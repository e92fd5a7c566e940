import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { createMessageHistoryRepository } from '../../src/modules/messaging/message-history.repository.js';
import { createTodayCounts } from '../../src/modules/messaging/today-counts.js';
import { createTestServices, type TestServices, type TestWorkspace } from '../helpers/test-services.js';

describe("today's counts per network (the networks list)", () => {
  let t: TestServices;
  let w: TestWorkspace;
  beforeAll(async () => {
    t = await createTestServices();
    w = await t.workspace('Counts');
  });
  afterAll(() => t.close());

  it('counts the day once, then only what came since, and always agrees with a full count', async () => {
    const repo = createMessageHistoryRepository(t.db);
    const counts = createTodayCounts(repo.countsSince, { settleMs: 300 });
    const sandbox = w.sandbox.id;
    for (const n of [1, 2, 3]) await t.receive(sandbox, `+1415555010${n}`, `hello ${n}`);
    // A message of yesterday is not today's.
    await t.db.execute(sql`update messages set created_at = created_at - interval '1 day'
      where id = (select id from messages where network_id = ${sandbox} order by created_at limit 1)`);
    await t.services.messaging.queue({
      workspaceId: w.workspaceId,
      networkId: sandbox,
      to: '+14155550102',
      body: 'hi',
      origin: 'reply',
    });

    expect((await counts(w.workspaceId, [sandbox])).get(sandbox)).toEqual({ inToday: 2, outToday: 1 });
    await sleep(400); // now settled: the next call reads nothing older than its last settle point
    expect((await counts(w.workspaceId, [sandbox])).get(sandbox)).toEqual({ inToday: 2, outToday: 1 });
    for (const n of [4, 5]) await t.receive(sandbox, `+1415555010${n}`, `hello ${n}`);
    const [fresh, again] = await Promise.all([counts(w.workspaceId, [sandbox]), counts(w.workspaceId, [sandbox])]);
    expect(fresh.get(sandbox)).toEqual({ inToday: 4, outToday: 1 });
    expect(again.get(sandbox)).toEqual({ inToday: 4, outToday: 1 });

    const [full] = await queryRows<{ in: number; out: number }>(
      t.db,
      sql`select count(*) filter (where direction = 'in')::int as "in",
        count(*) filter (where direction = 'out')::int as "out" from messages
        where network_id = ${sandbox} and created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'`,
    );
    expect(full).toEqual({ in: 4, out: 1 });
  });

  it('counts nothing of a network of another workspace', async () => {
    const other = await t.workspace('Other');
    await t.receive(other.sandbox.id, '+14155550109', 'not yours');
    const counts = await t.services.networks.list(w.workspaceId);
    expect(counts.map((n) => n.id)).not.toContain(other.sandbox.id);
    const repo = createMessageHistoryRepository(t.db);
    const forged = await createTodayCounts(repo.countsSince)(w.workspaceId, [other.sandbox.id]);
    expect(forged.get(other.sandbox.id)).toEqual({ inToday: 0, outToday: 0 });
  });
});
