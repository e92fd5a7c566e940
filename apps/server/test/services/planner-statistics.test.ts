import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

/**
 * The embedded database runs no autovacuum, so its planner statistics are what the server gathers
 * itself. A table that grows (a burst of inbound messages into a fresh database) is analysed again
 * within seconds, as autovacuum would analyse it on PostgreSQL, not minutes later.
 */
describe.skipIf(!!process.env.DATABASE_URL)('planner statistics on the embedded database', () => {
  let t: TestServices;
  let sandboxId: string;
  beforeAll(async () => {
    ({ t, sandboxId } = await servicesWithWorkspace());
  });
  afterAll(() => t.close());

  /** The plan of the inbound path's look-up of a provider's retries (inbound.repository.ts). */
  const retryLookUpPlan = async () =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        t.db,
        sql`explain select id, network_id, provider_message_id from messages where direction = 'in'
          and (network_id, provider_message_id) in ((${sandboxId}::uuid, 'p-1'), (${sandboxId}::uuid, 'p-2'))`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('re-plans a growing table within seconds: retries are probed in the unique index', async () => {
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          t.services.messaging.host.receiveInbound({
            networkId: sandboxId,
            from: `+1202555${String(round * 40 + i).padStart(4, '0')}`,
            body: `message ${round}-${i}`,
            providerMessageId: `burst-${round}-${i}`,
          }),
        ),
      );
    // Planned with the statistics of the empty tables it started with, the look-up would read
    // every inbound message of the network (messages_inbound_idx) and test each one's id.
    await expect.poll(retryLookUpPlan, { timeout: 30_000, interval: 500 }).toContain('messages_provider_id_idx');
    const [analysed] = await queryRows<{ reltuples: number }>(
      t.db,
      sql`select reltuples from pg_class where relname = 'messages'`,
    );
    expect(Number(analysed!.reltuples)).toBeGreaterThanOrEqual(400);
  });
});
