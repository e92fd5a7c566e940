import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import type { ClaimedMessage } from '../../src/modules/messaging/outbound-queue.js';
import { contactListsOf } from '../helpers/contact-fixtures.js';
import { eventually } from '../helpers/expectations.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

// A campaign's message is in no thread while it waits, and joins its contact's thread once it has
// gone out or failed. A dispatcher's claim is not that moment: a pause or cancel between the claim
// and the submit gives the claim back, and the message was never sent. The dispatcher is not
// running here; the test claims, gives back and records as it would, through the same queue.
describe('campaign messages and threads', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;
  let listOf: ReturnType<typeof contactListsOf>;

  beforeAll(async () => {
    t = await createTestServices({ start: false });
    ({ workspaceId, userId } = await t.workspace());
    sandboxId = (await t.services.networks.list(workspaceId))[0]!.id;
    listOf = contactListsOf(t, workspaceId);
    // Queueing makes even a runner that was not started take the network; closed, it runs none.
    await t.networkRunner.close();
  });
  afterAll(() => t.close());

  async function startedCampaignOf(size: number, body: string) {
    const list = await listOf(size);
    const campaign = await t.services.campaigns.create(workspaceId, userId, {
      name: body,
      networkIds: [sandboxId],
      audience: { listIds: [list.id] },
      body,
      ratePerSecond: 100,
    });
    await t.services.campaigns.start(workspaceId, campaign.id);
    return campaign.id;
  }

  /** Claims as a dispatcher would until all `count` are claimed (due one after another at the network's rate). */
  async function claimAll(count: number) {
    const claimed: ClaimedMessage[] = [];
    await eventually(async () => {
      claimed.push(...(await t.services.messaging.outboundQueue.claim(sandboxId, 10, 30)).messages);
      return claimed.length >= count;
    }, `${count} claimed`);
    return claimed;
  }
  const messagesOf = (campaignId: string) =>
    queryRows<{ id: string; state: string; conversation_id: string | null; contact_id: string }>(
      t.db,
      sql`select id, state, conversation_id, contact_id from messages where campaign_id = ${campaignId} order by id`,
    );
  const threadsWith = async (contactIds: string[]) =>
    (
      await queryRows<{ contact_id: string; last_message_preview: string }>(
        t.db,
        sql`select contact_id, last_message_preview from conversations
          where contact_id = any(${`{${contactIds.join(',')}}`}::uuid[])`,
      )
    ).map((r) => [r.contact_id, r.last_message_preview] as const);

  it('a claim given back after a pause, and then cancelled, made no thread', async () => {
    const campaignId = await startedCampaignOf(3, 'Paused before it went');
    const claimed = await claimAll(3);
    expect(claimed.map((m) => m.campaignId)).toEqual([campaignId, campaignId, campaignId]);
    // Claimed is not sent: no thread yet.
    const whileClaimed = await messagesOf(campaignId);
    expect(whileClaimed.map((m) => [m.state, m.conversation_id])).toEqual(whileClaimed.map(() => ['sending', null]));

    // The dispatcher sees the pause before its submit and gives the claim back.
    await t.services.campaigns.pause(workspaceId, campaignId);
    await t.services.messaging.outboundQueue.releaseClaims(claimed.map((m) => m.id));
    const given = await messagesOf(campaignId);
    expect(given.map((m) => [m.state, m.conversation_id])).toEqual(given.map(() => ['queued', null]));

    await t.services.campaigns.cancel(workspaceId, campaignId);
    const cancelled = await messagesOf(campaignId);
    expect(cancelled.map((m) => [m.state, m.conversation_id])).toEqual(cancelled.map(() => ['cancelled', null]));
    expect(await threadsWith(cancelled.map((m) => m.contact_id))).toEqual([]);
  });

  it('joins the thread once sent or failed, with its text as the thread’s newest', async () => {
    const campaignId = await startedCampaignOf(3, 'Out it went');
    const claimed = await claimAll(3);
    expect(claimed).toHaveLength(3);
    const [sent, failed, givenBack] = claimed.map((m) => m.id) as [string, string, string];
    const row = await t.services.messaging.outboundQueue.recordSent({
      id: sent,
      providerMessageId: 'sandbox-1',
      state: 'sent',
    });
    // The recorded row already names its thread (the events carry it).
    expect(row?.conversationId).toEqual(expect.any(String));
    await t.services.messaging.outboundQueue.markFailed(failed, 'GIVEN_UP', 'No route');
    await t.services.messaging.outboundQueue.releaseClaims([givenBack]);

    const after = new Map((await messagesOf(campaignId)).map((m) => [m.id, m]));
    expect(after.get(sent)).toMatchObject({ state: 'sent', conversation_id: row!.conversationId });
    expect(after.get(failed)).toMatchObject({ state: 'failed', conversation_id: expect.any(String) });
    expect(after.get(givenBack)).toMatchObject({ state: 'queued', conversation_id: null });
    expect(new Map(await threadsWith([...after.values()].map((m) => m.contact_id)))).toEqual(
      new Map([
        [after.get(sent)!.contact_id, 'Out it went'],
        [after.get(failed)!.contact_id, 'Out it went'],
      ]),
    );
  });
});
