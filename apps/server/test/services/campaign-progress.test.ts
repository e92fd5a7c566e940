import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

// A campaign completes when its last message is sent; the delivery reports come later. Its live
// counts must keep following them (the report's "Delivered" stayed at 0 in a browser test).
describe('a completed campaign’s progress', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;

  beforeAll(async () => {
    // The Sandbox reports delivery 2 s after a send: after the campaign completed.
    t = await createTestServices({ config: { sandboxDeliveryMs: 2_000 } });
    ({ workspaceId, userId } = await t.workspace());
  });
  afterAll(() => t.close());

  it('keeps publishing campaign.progress as delivery reports arrive after it completed', async () => {
    const sandboxId = (await t.services.networks.list(workspaceId))[0]!.id;
    const list = await t.services.contacts.lists.create(workspaceId, 'Three');
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name)
      select ${workspaceId}, '+336' || (20000000 + g)::text, 'P' || g from generate_series(1, 3) g`);
    await t.db.execute(sql`insert into contact_list_members (list_id, contact_id, contact_created_at)
      select ${list.id}, id, created_at from contacts where workspace_id = ${workspaceId}`);
    const campaign = await t.services.campaigns.create(workspaceId, userId, {
      name: 'Late receipts',
      networkIds: [sandboxId],
      audience: { listIds: [list.id] },
      body: 'Hi {name}',
      ratePerSecond: 10,
    });
    await t.services.campaigns.start(workspaceId, campaign.id);

    const done = await t.events.waitFor(
      workspaceId,
      'campaign.progress',
      (p) => p.campaignId === campaign.id && p.state === 'completed' && p.counts.delivered === 3,
    );
    expect(done.counts).toMatchObject({ recipients: 3, delivered: 3, queued: 0, sending: 0, sent: 0 });
  }, 60_000);
});
