import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateNetworkBodySchema, UpdateNetworkBodySchema } from '@switchboard/contract';
import { messages, networkLeases } from '../../src/db/schema/index.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

describe('dispatcher leases and claims', () => {
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

  // A claim is a query on every turn of the dispatcher: a network answering one message at a
  // time (an auto-reply, an inbox reply) should cost about one claim per message, not one per
  // message plus one after each claim and one after each send that find nothing.
  it('sends messages queued one at a time with about one claim each', async () => {
    const claim = vi.spyOn(t.services.messaging.outboundQueue, 'claim');
    const sent = 20;
    for (let i = 0; i < sent; i++) {
      const message = await t.services.messaging.queue({
        workspaceId,
        networkId: sandboxId,
        to: `+120255501${String(i).padStart(2, '0')}`,
        body: `one at a time ${i}`,
        origin: 'api',
      });
      await t.events.waitFor(
        workspaceId,
        'message.updated',
        (e) => e.message.id === message.id && e.message.state === 'sent',
      );
    }
    const claims = claim.mock.calls.filter(([networkId]) => networkId === sandboxId).length;
    claim.mockRestore();
    // One claim per message, and the idle polls (one a second) while they went: three claims per
    // message before (the claim, one right after it, one after the send).
    expect(claims).toBeGreaterThanOrEqual(sent);
    expect(claims).toBeLessThan(sent * 1.5 + 5);
  });

  // The dispatcher sleeps after a short claim until the next message is due: the claim itself
  // answers when that is (no second statement), leaving out the rows it just took.
  it('answers with a short claim when the next message left is due, and not with a full one', async () => {
    const { network } = await t.services.networks.create(
      workspaceId,
      CreateNetworkBodySchema.parse({ kind: 'sandbox', name: 'Claimed by hand' }),
    );
    const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
    const queued = [];
    for (const [i, due] of [inSeconds(60), inSeconds(120), inSeconds(180)].entries())
      queued.push(
        await t.services.messaging.queue({
          workspaceId,
          networkId: network.id,
          to: `+1202555019${i}`,
          body: `due later ${i}`,
          origin: 'api',
          notBefore: due,
        }),
      );
    const dueOf = async (id: string) =>
      (await t.db.select({ at: messages.nextAttemptAt }).from(messages).where(eq(messages.id, id)))[0]!.at!;
    // No dispatcher may take them while the claims below are made by hand.
    await t.services.networks.update(workspaceId, network.id, UpdateNetworkBodySchema.parse({ enabled: false }));
    const queue = t.services.messaging.outboundQueue;

    const none = await queue.claim(network.id, 10, 30);
    expect(none.messages).toEqual([]);
    expect(none.nextDue).toEqual(await dueOf(queued[0]!.id));

    // The first becomes due and is claimed: the answer is the second's time, not the first's.
    await t.db.update(messages).set({ nextAttemptAt: new Date() }).where(eq(messages.id, queued[0]!.id));
    const short = await queue.claim(network.id, 10, 30);
    expect(short.messages.map((m) => m.id)).toEqual([queued[0]!.id]);
    expect(short.nextDue).toEqual(await dueOf(queued[1]!.id));

    // A full claim leaves more due now: no time is asked for.
    await t.db
      .update(messages)
      .set({ nextAttemptAt: new Date() })
      .where(inArray(messages.id, [queued[1]!.id, queued[2]!.id]));
    const full = await queue.claim(network.id, 1, 30);
    expect(full.messages).toHaveLength(1);
    expect(full.nextDue).toBeNull();
  });

  it('frees a place in the window when the channel answers, not when the outcome is recorded', async () => {
    const queue = t.services.messaging.outboundQueue;
    const record = queue.recordSent;
    let open!: () => void;
    const recorded = new Promise<void>((resolve) => (open = resolve));
    // Recording is held back (the real statement runs once let go): the sandbox's window is 10.
    const recordSent = vi.spyOn(queue, 'recordSent').mockImplementation(async (sent) => {
      await recorded;
      return record(sent);
    });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 15; i++)
        ids.push(
          (
            await t.services.messaging.queue({
              workspaceId,
              networkId: sandboxId,
              to: `+120255502${String(i).padStart(2, '0')}`,
              body: `window ${i}`,
              origin: 'api',
            })
          ).id,
        );
      // All 15 answered by the channel while not one outcome is recorded yet.
      await expect.poll(() => recordSent.mock.calls.length, { timeout: 15_000 }).toBe(15);
      open();
      await expect
        .poll(
          async () =>
            (await Promise.all(ids.map(stateOf))).filter((m) => m.state === 'sent' || m.state === 'delivered').length,
          {
            timeout: 15_000,
          },
        )
        .toBe(15);
    } finally {
      open();
      recordSent.mockRestore();
    }
  });

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
