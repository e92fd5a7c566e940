import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import type { TxContext } from '../../src/modules/messaging/messaging.service.js';
import { createTestServices, type TestServices, type TestWorkspace } from '../helpers/test-services.js';

// The developer API claims an Idempotency-Key and does the work in one transaction: a campaign
// made or started in a caller's transaction is read in it, announced only once it commits, and
// leaves nothing behind (no row, no message, no booked quota, no event) when it rolls back.
describe('campaigns in a caller’s transaction', () => {
  let t: TestServices;
  let w: TestWorkspace;
  let apiKey: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestServices({ start: false });
    w = await t.workspace();
    const made = await t.services.developerApi.keys.create(w.workspaceId, w.userId, {
      name: 'Shop backend',
      scopes: ['campaigns:write'],
      allowedIps: [],
    });
    apiKey = { id: made.apiKey.id, name: made.apiKey.name };
    await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name, tags)
      select ${w.workspaceId}, '+336' || (40000000 + g)::text, 'P' || g, array['tx'] from generate_series(1, 2) g`);
  });
  afterAll(() => t.close());

  /** Runs `work` in a transaction as idempotency.ts does; `fail` rolls it back after the work. */
  async function inTransaction<T>(work: (within: TxContext) => Promise<T>, fail = false): Promise<T> {
    const after: Array<() => void> = [];
    let result: T | undefined;
    await t.db
      .transaction(async (tx) => {
        result = await work({ tx, afterCommit: (fn) => after.push(fn) });
        if (fail) throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => {
        if (!fail || error.message !== 'rolled back on purpose') throw error;
      });
    if (!fail) for (const fn of after) fn();
    return result!;
  }
  const updates = (id: string) =>
    t.events.of(w.workspaceId, 'campaign.updated').filter(({ campaign }) => campaign.id === id);
  /** A draft that can start: the sandbox, the two contacts tagged `tx`. */
  const draftBody = () => ({
    name: 'In a transaction',
    networkIds: [w.sandbox.id],
    audience: { tags: ['tx'] },
    body: 'Hi {name}',
  });

  it('creates a draft naming the key, announced only after the commit', async () => {
    let announcedInside = -1;
    const campaign = await inTransaction(async (within) => {
      const made = await t.services.campaigns.createByApiKey(w.workspaceId, apiKey, draftBody(), within);
      announcedInside = updates(made.id).length;
      return made;
    });
    expect(announcedInside).toBe(0);
    expect(updates(campaign.id)).toHaveLength(1);
    expect(campaign).toMatchObject({ state: 'draft', createdBy: null, createdByApiKey: apiKey });
    expect(await t.services.campaigns.get(w.workspaceId, campaign.id)).toEqual(campaign);
  });

  it('leaves nothing behind when the transaction rolls back', async () => {
    const draft = await t.services.campaigns.createByApiKey(w.workspaceId, apiKey, draftBody());
    const before = updates(draft.id).length;
    const used = async () => (await t.services.workspaces.usage(w.workspaceId)).used;
    const usedBefore = await used();
    let madeId = '';
    const started = await inTransaction(async (within) => {
      madeId = (await t.services.campaigns.createByApiKey(w.workspaceId, apiKey, { name: 'Never' }, within)).id;
      return t.services.campaigns.start(w.workspaceId, draft.id, within);
    }, true);
    // Read inside the transaction: the start's own messages were counted.
    expect(started).toMatchObject({ state: 'sending', counts: { recipients: 2, segments: 2 } });
    await expect(t.services.campaigns.get(w.workspaceId, madeId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await t.services.campaigns.get(w.workspaceId, draft.id)).toMatchObject({ state: 'draft' });
    const [queued] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from messages where campaign_id = ${draft.id}`,
    );
    expect(queued!.n).toBe(0);
    expect(await used()).toBe(usedBefore);
    expect(updates(draft.id)).toHaveLength(before);
    expect(updates(madeId)).toEqual([]);
    // The dispatchers' gate never heard of the start that did not happen: still a draft to it.
    expect(t.services.campaigns.isSending(draft.id)).toBe(false);
  });

  it('starts and pauses in the transaction, announcing each after the commit', async () => {
    const draft = await t.services.campaigns.createByApiKey(w.workspaceId, apiKey, draftBody());
    const before = updates(draft.id).length;
    const paused = await inTransaction(async (within) => {
      await t.services.campaigns.start(w.workspaceId, draft.id, within);
      const result = await t.services.campaigns.pause(w.workspaceId, draft.id, within);
      expect(updates(draft.id)).toHaveLength(before);
      return result;
    });
    expect(paused).toMatchObject({ state: 'paused', counts: { recipients: 2 } });
    expect(
      updates(draft.id)
        .slice(before)
        .map(({ campaign }) => campaign.state),
    ).toEqual(['sending', 'paused']);
    expect(t.services.campaigns.isSending(draft.id)).toBe(false);
  });
});
