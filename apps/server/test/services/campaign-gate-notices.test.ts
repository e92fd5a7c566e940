import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoleInstanceBus, type ClusterBus } from '../../src/cluster/cluster-bus.js';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../helpers/test-database.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const quiet = { warn: () => {}, error: () => {} };
/** The bound is a second; the assertion allows for a busy machine's scheduling. */
const WITHIN_MS = 1_500;

/** A started campaign of three recipients on the workspace's Sandbox (the runner is not started: messages wait). */
async function startedCampaign(t: TestServices) {
  const { workspaceId, userId, sandbox } = await t.workspace();
  const list = await t.services.contacts.lists.create(workspaceId, 'Gate');
  await t.db.execute(sql`insert into contacts (workspace_id, phone_number, name)
    select ${workspaceId}, '+3361000000' || g::text, 'P' || g from generate_series(1, 3) g`);
  await t.db.execute(sql`insert into contact_list_members (list_id, contact_id, contact_created_at)
    select ${list.id}, id, created_at from contacts where workspace_id = ${workspaceId}`);
  const campaign = await t.services.campaigns.create(workspaceId, userId, {
    name: 'Gate',
    networkIds: [sandbox.id],
    audience: { listIds: [list.id] },
    body: 'Hi {name}',
    ratePerSecond: 1,
  });
  await t.services.campaigns.start(workspaceId, campaign.id);
  return { workspaceId, campaignId: campaign.id };
}

/** Milliseconds from now until `check` holds (asked every 10 ms, for at most 10 s). */
async function elapsedUntil(check: () => boolean): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > 10_000) throw new Error('not within 10 s');
    await sleep(10);
  }
  return performance.now() - started;
}

describe('the campaign gate and the notices of other instances', () => {
  const bus = createSoleInstanceBus();
  let t: TestServices;

  beforeAll(async () => {
    t = await createTestServices({ start: false, bus });
  });
  afterAll(() => t?.close());

  it('closes at once on a campaign.changed notice and opens again only if the campaign still sends', async () => {
    const { campaignId } = await startedCampaign(t);
    const gate = t.services.campaigns;
    expect(gate.isSending(campaignId)).toBe(true);

    // Paused on another instance: closed from the notice on, and still closed once read.
    await t.db.execute(sql`update campaigns set state = 'paused' where id = ${campaignId}`);
    bus.simulate('campaign.changed', { campaignId });
    expect(gate.isSending(campaignId)).toBe(false);
    await sleep(200);
    expect(gate.isSending(campaignId)).toBe(false);

    // Resumed there: open again once read.
    await t.db.execute(sql`update campaigns set state = 'sending' where id = ${campaignId}`);
    bus.simulate('campaign.changed', { campaignId });
    await elapsedUntil(() => gate.isSending(campaignId));
  });
});

describe.skipIf(!onPostgres)('a campaign paused on B stops A’s gate (two compositions, one PostgreSQL)', () => {
  let database: Database;
  let busA: ClusterBus;
  let busB: ClusterBus;
  let a: TestServices;
  let b: ReturnType<TestServices['anotherInstance']>;

  beforeAll(async () => {
    database = await openTestDatabase();
    busA = await database.openClusterBus(quiet);
    busB = await database.openClusterBus(quiet);
    a = await createTestServices({ start: false, bus: busA, database });
    b = a.anotherInstance(busB);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await busB?.close();
    await busA?.close();
    await database?.close();
  });

  it('closes A’s gate within a second of a pause on B, and opens it after a resume on B', async () => {
    const { workspaceId, campaignId } = await startedCampaign(a);
    expect(a.services.campaigns.isSending(campaignId)).toBe(true);

    await b.services.campaigns.pause(workspaceId, campaignId);
    const closed = await elapsedUntil(() => !a.services.campaigns.isSending(campaignId));
    expect(closed).toBeLessThanOrEqual(WITHIN_MS);

    await b.services.campaigns.resume(workspaceId, campaignId);
    const opened = await elapsedUntil(() => a.services.campaigns.isSending(campaignId));
    expect(opened).toBeLessThanOrEqual(WITHIN_MS);

    await b.services.campaigns.cancel(workspaceId, campaignId);
    const cancelled = await elapsedUntil(() => !a.services.campaigns.isSending(campaignId));
    expect(cancelled).toBeLessThanOrEqual(WITHIN_MS);
  });
});
