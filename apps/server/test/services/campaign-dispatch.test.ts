import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { contactListsOf } from '../helpers/contact-fixtures.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';
import { eventually } from '../helpers/expectations.js';

/** The most submits in any one-second window (each submit opens a window). */
function busiestSecond(times: number[]): number {
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[j]! <= times[i]! - 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

// The dispatcher against the sandbox channel, its submits timed at the channel: a campaign's
// rate holds in every second (the network allows more), and a pause stops submits.
describe('dispatching a campaign', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;
  const submits = new Map<string, number[]>();
  let listOf: ReturnType<typeof contactListsOf>;

  beforeAll(async () => {
    t = await createTestServices({ start: false });
    ({ workspaceId, userId } = await t.workspace());
    sandboxId = (await t.services.networks.list(workspaceId))[0]!.id;
    listOf = contactListsOf(t, workspaceId, 10_000_000);
    // Every submit the dispatcher makes, timed where it reaches the channel.
    const adapter = t.channels.adapterFor('sandbox');
    const send = adapter.send.bind(adapter);
    adapter.send = async (network, message) => {
      const at = performance.now();
      const [row] = await queryRows<{ campaign_id: string | null }>(
        t.db,
        sql`select campaign_id from messages where id = ${message.id}`,
      );
      const campaignId = row?.campaign_id ?? 'none';
      submits.set(
        campaignId,
        [...(submits.get(campaignId) ?? []), at].sort((a, b) => a - b),
      );
      return send(network, message);
    };
    await t.networkRunner.start();
  });
  afterAll(() => t.close());

  async function campaignOf(size: number, ratePerSecond: number) {
    const list = await listOf(size);
    return t.services.campaigns.create(workspaceId, userId, {
      name: 'Rate',
      networkIds: [sandboxId],
      audience: { listIds: [list.id] },
      body: 'Hi {name}',
      ratePerSecond,
    });
  }

  it('never submits more than the campaign’s rate in any one-second window', async () => {
    const campaign = await campaignOf(24, 4);
    await t.services.campaigns.start(workspaceId, campaign.id);
    await eventually(
      async () => (await t.services.campaigns.get(workspaceId, campaign.id)).state === 'completed',
      'it completed',
    );
    const times = submits.get(campaign.id) ?? [];
    expect(times).toHaveLength(24);
    expect(busiestSecond(times)).toBeLessThanOrEqual(4);
    // And it did use its rate: 24 at 4 a second take about 6 seconds, not 24.
    expect(times.at(-1)! - times[0]!).toBeLessThan(12_000);
  }, 90_000);

  it('holds its rate when its messages are all overdue (a restart catching up)', async () => {
    const campaign = await campaignOf(15, 3);
    await t.services.campaigns.start(workspaceId, campaign.id);
    await t.services.campaigns.pause(workspaceId, campaign.id);
    // Every message overdue, as after a long stop; resuming spreads them again, but even due
    // at once the claim and the campaign's pacer keep to 3 a second.
    await t.db.execute(sql`update messages set next_attempt_at = now() - interval '1 hour'
      where campaign_id = ${campaign.id} and state = 'queued'`);
    await t.db.execute(sql`update campaigns set state = 'sending' where id = ${campaign.id}`);
    await eventually(
      async () => (await t.services.campaigns.get(workspaceId, campaign.id)).state === 'completed',
      'it completed',
    );
    expect(busiestSecond(submits.get(campaign.id) ?? [])).toBeLessThanOrEqual(3);
  }, 90_000);

  it('stops submitting within a second of a pause', async () => {
    const campaign = await campaignOf(40, 5);
    await t.services.campaigns.start(workspaceId, campaign.id);
    await eventually(() => (submits.get(campaign.id)?.length ?? 0) >= 3, 'a few were submitted');
    await t.services.campaigns.pause(workspaceId, campaign.id);
    const pausedAt = performance.now();
    await eventually(() => performance.now() > pausedAt + 3_000, 'three seconds passed');
    const late = (submits.get(campaign.id) ?? []).filter((at) => at > pausedAt + 1_000);
    expect(late).toEqual([]);
    const { counts } = await t.services.campaigns.get(workspaceId, campaign.id);
    expect(counts.queued).toBeGreaterThan(20);
    expect(counts.sending).toBe(0);
  }, 90_000);
});
