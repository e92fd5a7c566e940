import type { NetworksResponse } from '@switchboard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPacer } from '../../src/channels/pacer.js';
import { messages, networkLeases } from '../../src/db/schema/index.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('dispatcher leases', () => {
  let t: TestApp;
  let admin: SignedIn;
  let sandboxId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@leases.example');
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: admin.authorization });
    sandboxId = list.json<NetworksResponse>().networks[0]!.id;
  });
  afterAll(() => t.close());

  const stateOf = async (id: string) =>
    (
      await t.app.database.db
        .select({ state: messages.state, attempts: messages.attempts })
        .from(messages)
        .where(eq(messages.id, id))
    )[0]!;

  it('picks up a message whose dispatcher died mid-send once its lease runs out', async () => {
    // Queued in a transaction context whose commit callbacks never run, so nothing wakes a
    // dispatcher before the lease is set (messaging no longer hands out its repository).
    const message = await t.app.services.messaging.queue(
      {
        workspaceId: admin.userData.workspaceId,
        networkId: sandboxId,
        to: '+12025550123',
        body: 'claimed by a dead process',
        origin: 'api',
      },
      { tx: t.app.database.db, afterCommit: () => {} },
    );
    // What a process killed after claiming leaves behind: `sending`, lease still running.
    await t.app.database.db
      .update(messages)
      .set({ state: 'sending', attempts: 1, leaseUntil: sql`now() + interval '1 second'` })
      .where(eq(messages.id, message.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await stateOf(message.id)).state).toBe('sending');
    let final = await stateOf(message.id);
    const deadline = Date.now() + 5_000;
    while (final.state !== 'delivered' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      final = await stateOf(message.id);
    }
    expect(final).toEqual({ state: 'delivered', attempts: 2 });
  });

  it('gives a network to one holder at a time until the lease runs out', async () => {
    const networks = t.app.services.networks;
    const mine = await networks.claimLeases('instance-a', 60);
    expect(mine).not.toContain(sandboxId); // this app's own runner holds it
    await t.app.database.db
      .update(networkLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(networkLeases.networkId, sandboxId));
    expect(await networks.claimLeases('instance-a', 60)).toContain(sandboxId);
    expect(await networks.claimLeases('instance-b', 60)).not.toContain(sandboxId);
    expect(await networks.claimLeases('instance-a', 60)).toContain(sandboxId);
  });
});

describe('pacer', () => {
  it('never lets more parts through in a second than the limit', async () => {
    const pacer = createPacer(50);
    const times: number[] = [];
    const start = performance.now();
    for (let part = 0; part < 100; part++) {
      await pacer.take(1);
      times.push(performance.now());
    }
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter((at) => at >= times[i]! && at < times[i]! + 1_000).length;
      expect(inWindow).toBeLessThanOrEqual(51);
    }
    // Paced, but not throttled below the limit: 100 parts at 47.5/s take about 2.1 s. The upper
    // bound leaves room for a busy machine's late timers (a time-boxed count did not).
    const elapsed = performance.now() - start;
    expect(elapsed).toBeGreaterThan(1_000);
    expect(elapsed).toBeLessThan(6_000);
  });

  it('charges a long message for all its parts', async () => {
    const pacer = createPacer(10);
    const start = performance.now();
    await pacer.take(6);
    expect(performance.now() - start).toBeLessThan(50);
    await pacer.take(3); // six parts' worth of spacing first (a little over 100 ms each)
    expect(performance.now() - start).toBeGreaterThanOrEqual(600);
    await pacer.take(3); // 12 parts > 10 in one second: waits for the first message's second to pass
    expect(performance.now() - start).toBeGreaterThanOrEqual(990);
  });

  it('stops waiting when told to', async () => {
    const pacer = createPacer(1);
    await pacer.take(1);
    const abort = new AbortController();
    const waiting = pacer.take(1, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toThrow(/abort/i);
  });
});
