import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { retriesAndContactsStatement } from '../../src/modules/messaging/inbound.repository.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

/**
 * The embedded database runs no autovacuum, so its planner statistics are what the server gathers
 * itself. A table that grows (a burst of inbound messages into a fresh database) is analysed again
 * within seconds, as autovacuum would analyse it on PostgreSQL, not minutes later.
 */
describe.skipIf(!!process.env.DATABASE_URL)('planner statistics on the embedded database', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  beforeAll(async () => {
    ({ t, workspaceId, sandboxId } = await servicesWithWorkspace());
  });
  afterAll(() => t.close());

  /** The plan of the inbound batch's first statement, with its look-up of a provider's retries. */
  const retryLookUpPlan = async () =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        t.db,
        sql`explain ${retriesAndContactsStatement(
          ['p-1', 'p-2'].map((providerMessageId, i) => ({
            workspaceId,
            networkId: sandboxId,
            phoneNumber: `+120255599${i}`,
            body: 'retry?',
            encoding: 'GSM-7',
            segments: 1,
            providerMessageId,
            receivedAt: new Date(),
          })),
        )}`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  /** `rounds` × 40 inbound messages, each round's together, from numbers of `exchange`. */
  const receiveBursts = async (rounds: number, exchange: string, name: string) => {
    for (let round = 0; round < rounds; round++)
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.services.messaging.host.receiveInbound({
            networkId: sandboxId,
            from: `+1202${exchange}${String(round * 40 + i).padStart(4, '0')}`,
            body: `${name} ${round}-${i}`,
            providerMessageId: `${name}-${round}-${i}`,
          }),
        ),
      );
  };

  it('re-plans a growing table within seconds: retries are probed in the unique index', async () => {
    await receiveBursts(10, '555', 'burst');
    // Planned with the statistics of the empty tables it started with, the look-up would read
    // every inbound message (an index scan on direction alone) and test each one's id.
    await expect
      .poll(retryLookUpPlan, { timeout: 30_000, interval: 500 })
      .toMatch(/Index Scan using messages_provider_id_idx on messages .*\n\s*Index Cond: \(.*provider_message_id = /);
    const [analysed] = await queryRows<{ reltuples: number }>(
      t.db,
      sql`select reltuples from pg_class where relname = 'messages'`,
    );
    expect(Number(analysed!.reltuples)).toBeGreaterThanOrEqual(400);
  });

  it('keeps the statistics of a table changed by a tenth, not by its size, for a minute (ANALYZE stops every statement)', async () => {
    const statistics = async () =>
      (
        await queryRows<{ analysed_at: string | null; changed: number; rows: number }>(
          t.db,
          sql`select s.last_analyze::text as analysed_at, s.n_mod_since_analyze::int as changed, c.reltuples::int as rows
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'messages'`,
        )
      )[0]!;
    const before = await statistics();
    await receiveBursts(3, '556', 'later');
    // Three of the checks (every 2 s) pass: each would have analysed it under the tenth rule alone.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const after = await statistics();
    expect(after.changed).toBeGreaterThan(50 + 0.1 * after.rows);
    expect(after.changed).toBeLessThan(50 + after.rows);
    expect(after.analysed_at).toBe(before.analysed_at);
  });
});
