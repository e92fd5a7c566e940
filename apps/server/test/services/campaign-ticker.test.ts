import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAUSED_RECOUNT_MS } from '../../src/modules/campaigns/campaign-ticker.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

// A paused campaign's counts move only with late receipts, replies and opt-outs: the ticker counts
// it when it pauses, then every PAUSED_RECOUNT_MS, not every second.
describe('the campaign ticker and a paused campaign', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;

  beforeAll(async () => {
    // No interval ticks: each pass below is the test's own.
    t = await createTestServices({ start: false });
    ({ workspaceId, userId } = await t.workspace());
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('counts it once when it pauses, again only after PAUSED_RECOUNT_MS, and every tick once resumed', async () => {
    const sandboxId = (await t.services.networks.list(workspaceId))[0]!.id;
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name, tags)
      select ${workspaceId}, '+336' || (30000000 + g)::text, 'P' || g, array['lunch'] from generate_series(1, 3) g`);
    const campaign = await t.services.campaigns.create(workspaceId, userId, {
      name: 'Paused for lunch',
      networkIds: [sandboxId],
      audience: { tags: ['lunch'] },
      body: 'Hi {name}',
      ratePerSecond: 1,
    });
    await t.services.campaigns.start(workspaceId, campaign.id);
    await t.services.campaigns.pause(workspaceId, campaign.id);

    const counted = vi.spyOn(t.services.messaging.campaignMessages, 'countsByState');
    const ticker = t.services.campaigns.ticker;
    const progress = () => t.events.of(workspaceId, 'campaign.progress').filter((p) => p.campaignId === campaign.id);

    await ticker.tick();
    expect(counted).toHaveBeenCalledTimes(1);
    expect(progress().at(-1)).toMatchObject({ state: 'paused', counts: { recipients: 3 } });
    await ticker.tick();
    await ticker.tick();
    expect(counted).toHaveBeenCalledTimes(1);

    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + PAUSED_RECOUNT_MS);
    await ticker.tick();
    expect(counted).toHaveBeenCalledTimes(2);
    vi.mocked(Date.now).mockRestore();

    await t.services.campaigns.resume(workspaceId, campaign.id);
    counted.mockClear();
    await ticker.tick();
    await ticker.tick();
    expect(counted).toHaveBeenCalledTimes(2);
    expect(progress().at(-1)).toMatchObject({ state: 'sending' });
  });
});
