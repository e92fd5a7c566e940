import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, networkLeases } from '../../src/db/schema/index.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

describe('dispatcher leases', () => {
  let t: TestServices;
  let workspaceId: string;
  let sandboxId: string;
  beforeAll(async () => {
    ({ t, workspaceId, sandboxId } = await servicesWithWorkspace());
  });
  afterAll(() => t.close());

  const stateOf = async (id: string) =>
    (
      await t.db
        .select({
          state: messages.state,
          attempts: messages.attempts,
          leased: sql<boolean>`${messages.leaseUntil} > now()`,
        })
        .from(messages)
        .where(eq(messages.id, id))
    )[0]!;

  it('picks up a message whose dispatcher died mid-send once its lease runs out', async () => {
    // Queued in a transaction context whose commit callbacks never run, so nothing wakes a
    // dispatcher before the lease is set (messaging no longer hands out its repository).
    const message = await t.services.messaging.queue(
      {
        workspaceId,
        networkId: sandboxId,
        to: '+12025550123',
        body: 'claimed by a dead process',
        origin: 'api',
      },
      { tx: t.db, afterCommit: () => {} },
    );
    // What a process killed after claiming leaves behind: `sending`, lease still running.
    await t.db
      .update(messages)
      .set({ state: 'sending', attempts: 1, leaseUntil: sql`now() + interval '2 seconds'` })
      .where(eq(messages.id, message.id));
    // The dispatcher works through the network meanwhile (another message goes out) and leaves
    // the leased one alone while its lease runs.
    const other = await t.services.messaging.queue({
      workspaceId,
      networkId: sandboxId,
      to: '+12025550124',
      body: 'sent while the other is leased',
      origin: 'api',
    });
    await t.events.waitFor(
      workspaceId,
      'message.updated',
      (e) => e.message.id === other.id && e.message.state === 'sent',
    );
    const meanwhile = await stateOf(message.id);
    if (meanwhile.leased) expect(meanwhile).toMatchObject({ state: 'sending', attempts: 1 });
    await expect
      .poll(
        async () => {
          const { state, attempts } = await stateOf(message.id);
          return { state, attempts };
        },
        { timeout: 15_000 },
      )
      .toEqual({ state: 'delivered', attempts: 2 });
  });

  it('gives a network to one holder at a time until the lease runs out', async () => {
    const networks = t.services.networks;
    const mine = await networks.claimLeases('instance-a', 60);
    expect(mine).not.toContain(sandboxId); // the services' own runner holds it
    await t.db
      .update(networkLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(networkLeases.networkId, sandboxId));
    expect(await networks.claimLeases('instance-a', 60)).toContain(sandboxId);
    expect(await networks.claimLeases('instance-b', 60)).not.toContain(sandboxId);
    expect(await networks.claimLeases('instance-a', 60)).toContain(sandboxId);
  });
});
