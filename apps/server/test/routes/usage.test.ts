import { PLANS, type Usage, type WorkspaceResponse } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { buyAsAdmin } from '../helpers/billing-checkout.js';
import { adminEditorAndStranger, createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

const STARTER_QUOTA = PLANS.starter.monthlySmsQuota!;

// The quota's rules (booking, time zones, give-backs, races, auto-replies) are tested in
// test/services/usage.test.ts; here: what GET /api/usage, a plan bought through billing and a send
// refused by the quota answer.
describe('/api/usage and /api/workspace', () => {
  let t: TestApp;
  let admin: SignedIn; // workspace A
  let editor: SignedIn; // workspace A
  let stranger: SignedIn; // workspace B, its admin
  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'usage'));
  });
  afterAll(() => t.close());

  const getUsage = (who?: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/usage', headers: who?.authorization ?? {} });
  const patch = (url: string) => (who: SignedIn | undefined, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url, headers: who?.authorization ?? {}, payload: payload as object });
  async function sandboxOf(who: SignedIn): Promise<string> {
    const list = await t.app.inject({ method: 'GET', url: '/api/networks', headers: who.authorization });
    return list.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
  }
  async function setUsed(workspaceId: string, segments: number) {
    await t.app.database.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', now() at time zone time_zone)::date, ${segments} from workspaces where id = ${workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);
  }

  it('answers the plan, this month’s segments and the period', async () => {
    const response = await getUsage(admin);
    expect(response.statusCode, response.body).toBe(200);
    const usage = response.json<Usage>();
    expect(usage).toEqual({
      planId: 'starter',
      used: 0,
      quota: STARTER_QUOTA,
      remaining: STARTER_QUOTA,
      periodStart: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/) as string,
      periodEnd: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/) as string,
      timeZone: 'UTC',
    });
    expect(new Date(usage.periodStart).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(usage.periodEnd).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 401 without a token and 403 to an editor', async () => {
    expectErrorBody(await getUsage(), 401, 'UNAUTHENTICATED');
    expectErrorBody(await getUsage(editor), 403, 'FORBIDDEN');
    expect((await getUsage(admin)).json<Usage>().planId).toBe('starter');
  });

  it('has no free plan switch: a plan changes only through a paid checkout, and usage follows', async () => {
    const buyer = await register(t.app, 'usage-buyer@example.com');
    const free = await t.app.inject({
      method: 'PATCH',
      url: '/api/workspace/plan',
      headers: buyer.authorization,
      payload: { planId: 'unlimited' },
    });
    expect(free.statusCode).toBe(404);
    expect((await getUsage(buyer)).json<Usage>().planId).toBe('starter');
    await buyAsAdmin(t.app, buyer, 'unlimited', 1);
    expect((await getUsage(buyer)).json<Usage>()).toMatchObject({ planId: 'unlimited', quota: null, remaining: null });
  });

  it('keeps each workspace’s plan and usage to itself', async () => {
    await buyAsAdmin(t.app, stranger, 'business', 1);
    await setUsed(stranger.userData.workspaceId, 123);
    expect((await getUsage(stranger)).json<Usage>()).toMatchObject({ planId: 'business', used: 123 });
    expect((await getUsage(admin)).json<Usage>()).toMatchObject({ planId: 'starter', used: 0 });
  });

  it('answers a send past the quota with 402 QUOTA_EXCEEDED and the segments left', async () => {
    const networkId = await sandboxOf(admin);
    await setUsed(admin.userData.workspaceId, STARTER_QUOTA - 1);
    const send = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: admin.authorization,
        payload: { networkId, to: '+12025550188', body },
      });
    const refused = await send('y'.repeat(161));
    const body = expectErrorBody(refused, 402, 'QUOTA_EXCEEDED');
    expect(body).toMatchObject({ remaining: 1 });
    expect((await send('Fits')).statusCode).toBe(201);
    expect(expectErrorBody(await send('No more'), 402, 'QUOTA_EXCEEDED')).toMatchObject({ remaining: 0 });
    expect((await getUsage(admin)).json<Usage>()).toMatchObject({ used: STARTER_QUOTA, remaining: 0 });
  });

  describe('PATCH /api/workspace', () => {
    const update = patch('/api/workspace');
    const auditOf = (workspaceId: string) =>
      queryRows<{ user_id: string; action: string; details: unknown }>(
        t.app.database.db,
        sql`select user_id, action, details from workspace_audit_log
          where workspace_id = ${workspaceId} and action = 'timeZone.changed' order by created_at`,
      );
    /** Midnight of the 1st of this month in UTC+14 (Kiritimati has no daylight saving). */
    function kiritimatiMonthStart(): string {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Pacific/Kiritimati',
        year: 'numeric',
        month: '2-digit',
      }).formatToParts(new Date());
      const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
      return new Date(Date.UTC(part('year'), part('month') - 1, 1) - 14 * 3_600_000).toISOString();
    }

    it('answers 401 without a token and 403 to an editor, and changes nothing', async () => {
      expectErrorBody(await update(undefined, { timeZone: 'Europe/Berlin' }), 401, 'UNAUTHENTICATED');
      expectErrorBody(await update(editor, { timeZone: 'Europe/Berlin' }), 403, 'FORBIDDEN');
      expect((await getUsage(admin)).json<Usage>().timeZone).toBe('UTC');
      expect(await auditOf(admin.userData.workspaceId)).toEqual([]);
    });

    it('refuses a zone IANA does not know with 400 on body.timeZone', async () => {
      for (const timeZone of ['Mars/Olympus', '', 'x'.repeat(65), 42, null]) {
        const body = expectErrorBody(await update(admin, { timeZone }), 400, 'VALIDATION_FAILED');
        expect(body.fields?.[0]?.path).toBe('body.timeZone');
      }
      expect((await getUsage(admin)).json<Usage>().timeZone).toBe('UTC');
    });

    it('sets the zone, audits it as the admin’s, and the month is counted in it', async () => {
      const response = await update(admin, { timeZone: 'Pacific/Kiritimati' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<WorkspaceResponse>().workspace).toMatchObject({
        id: admin.userData.workspaceId,
        timeZone: 'Pacific/Kiritimati',
      });
      const usage = (await getUsage(admin)).json<Usage>();
      expect(usage.timeZone).toBe('Pacific/Kiritimati');
      expect(usage.periodStart).toBe(kiritimatiMonthStart());
      // The same zone again is no change: one audit row.
      expect((await update(admin, { timeZone: 'Pacific/Kiritimati' })).statusCode).toBe(200);
      expect(await auditOf(admin.userData.workspaceId)).toEqual([
        { user_id: admin.userData.id, action: 'timeZone.changed', details: { from: 'UTC', to: 'Pacific/Kiritimati' } },
      ]);
      // Another workspace keeps its own zone.
      expect((await getUsage(stranger)).json<Usage>().timeZone).toBe('UTC');

      const back = await update(admin, { timeZone: 'UTC' });
      expect(back.json<WorkspaceResponse>().workspace.timeZone).toBe('UTC');
      expect((await getUsage(admin)).json<Usage>().periodStart).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    });

    it('answers the workspace unchanged for an empty patch', async () => {
      const response = await update(admin, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<WorkspaceResponse>().workspace).toMatchObject({ timeZone: 'UTC', planId: 'starter' });
    });
  });

  it('describes the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(doc.paths['/api/usage']).toHaveProperty('get');
    expect(doc.paths['/api/workspace/plan']).toBeUndefined();
    expect(doc.paths['/api/workspace']).toHaveProperty('patch');
  });
});
