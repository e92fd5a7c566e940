import type {
  AnalyticsBreakdown,
  AnalyticsOverview,
  AnalyticsSeries,
  CardAnalytics,
  CardStatistics,
  CheckpointReward,
  DispatchedOrders,
  NetworkHealth,
  NetworksResponse,
} from '@switchboard/contract';
import { CARD_NAMES } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const ADMIN_CALLS = [
  '/api/analytics/overview',
  '/api/analytics/series',
  '/api/analytics/breakdown',
  '/api/analytics/health',
  '/api/analytics/export.csv?series=kpis',
  '/api/card/card-statistics/messages-sent',
  '/api/card/card-analytics/delivery-rate',
  '/api/table/dispatched-orders',
];

// What the routes show: roles, validation, unknown cards, the OpenAPI document, CSV escaping,
// isolation and the time zone's days. The numbers after real traffic: analytics-numbers.test.ts.
describe('the control panel API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'analytics'));
  });
  afterAll(() => t.close());

  const get = (who: SignedIn | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.authorization ?? {} });
  async function json<T>(who: SignedIn, url: string): Promise<T> {
    const response = await get(who, url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  }
  async function networksOf(who: SignedIn) {
    return (await json<NetworksResponse>(who, '/api/networks')).networks;
  }

  it('answers every admin call to an admin, 403 to an editor and 401 without a token', async () => {
    for (const url of ADMIN_CALLS) {
      expect((await get(admin, url)).statusCode, url).toBe(200);
      expectErrorBody(await get(editor, url), 403, 'FORBIDDEN');
      expectErrorBody(await get(undefined, url), 401, 'UNAUTHENTICATED');
    }
  });

  it('answers the checkpoint to any signed-in member, 401 without a token', async () => {
    for (const who of [admin, editor]) {
      const reward = await json<CheckpointReward>(who, '/api/user/checkpoint-reward');
      expect(reward).toMatchObject({ metric: 'messages-answered', value: 0, lastMonth: 0, reached: false });
      expect(reward.month).toMatch(/^\d{4}-\d{2}$/);
    }
    expectErrorBody(await get(undefined, '/api/user/checkpoint-reward'), 401, 'UNAUTHENTICATED');
  });

  it('answers a new workspace with zeros, empty buckets included, and every card', async () => {
    const overview = await json<AnalyticsOverview>(admin, '/api/analytics/overview?preset=30d');
    expect(Object.keys(overview.kpis).sort()).toEqual([...CARD_NAMES].sort());
    expect(overview.kpis['messages-sent']).toEqual({ value: 0, previous: 0, change: null });
    expect(overview.kpis['delivery-rate']).toEqual({ value: null, previous: null, change: null });
    expect(overview.kpis['response-time']).toEqual({ value: null, previous: null, change: null });
    expect(overview.funnel).toEqual({ queued: 0, sent: 0, delivered: 0, failed: 0 });
    expect(overview.failureReasons).toEqual([]);
    expect(overview.usage).toMatchObject({ planId: 'starter', used: 0 });
    expect(overview.range).toMatchObject({ timeZone: 'UTC', granularity: 'day' });
    const series = await json<AnalyticsSeries>(admin, '/api/analytics/series?preset=today');
    expect(series.range.granularity).toBe('hour');
    expect(series.points).toHaveLength(24);
    expect(series.points[0]).toEqual({ at: series.range.from, inbound: 0, outbound: 0, delivered: 0, failed: 0 });
    const card = await json<CardAnalytics>(admin, '/api/card/card-analytics/delivery-rate?preset=7d');
    expect(card.points).toHaveLength(7);
    expect(card.points.every((p) => p.value === null)).toBe(true);
    const stats = await json<CardStatistics>(admin, '/api/card/card-statistics/opt-outs');
    expect(stats).toMatchObject({ name: 'opt-outs', kpi: { value: 0, previous: 0, change: null } });
    expect(await json<DispatchedOrders>(admin, '/api/table/dispatched-orders')).toEqual({ orders: [] });
  });

  it('answers 404 NOT_FOUND naming the cards for an unknown card name', async () => {
    for (const url of ['/api/card/card-statistics/messages-lost', '/api/card/card-analytics/Messages-Sent']) {
      const body = expectErrorBody(await get(admin, url), 404, 'NOT_FOUND');
      expect(body.error).toContain('messages-sent');
    }
  });

  it('refuses bad ranges and queries with 400 VALIDATION_FAILED', async () => {
    const bad = [
      '/api/analytics/overview?preset=7d&from=2026-01-01&to=2026-01-02',
      '/api/analytics/series?preset=1y',
      '/api/analytics/series?from=2026-01-01',
      '/api/analytics/breakdown?from=2026-02-01&to=2026-01-01',
      '/api/analytics/overview?from=2024-01-01&to=2026-01-01',
      '/api/analytics/overview?from=2026-13-01&to=2026-13-02',
      '/api/analytics/export.csv',
      '/api/analytics/export.csv?series=everything',
      '/api/card/card-statistics/replies?preset=today&to=2026-01-01',
      '/api/table/dispatched-orders?limit=0',
      '/api/table/dispatched-orders?limit=51',
    ];
    for (const url of bad) expectErrorBody(await get(admin, url), 400, 'VALIDATION_FAILED');
  });

  it('documents every call in the OpenAPI document under the analytics and card tags', async () => {
    const doc = (await get(undefined, '/api/openapi.json')).json<{
      paths: Record<string, { get?: { tags?: string[]; summary?: string; description?: string } }>;
    }>();
    const expected: Record<string, string> = {
      '/api/analytics/overview': 'analytics',
      '/api/analytics/series': 'analytics',
      '/api/analytics/breakdown': 'analytics',
      '/api/analytics/health': 'analytics',
      '/api/analytics/export.csv': 'analytics',
      '/api/card/card-statistics/{name}': 'card',
      '/api/card/card-analytics/{name}': 'card',
      '/api/table/dispatched-orders': 'card',
      '/api/user/checkpoint-reward': 'card',
    };
    for (const [path, tag] of Object.entries(expected)) {
      const operation = doc.paths[path]?.get;
      expect(operation?.tags, path).toEqual([tag]);
      expect(operation?.summary?.length, path).toBeGreaterThan(20);
      expect(operation?.description?.length, path).toBeGreaterThan(20);
    }
    expect(doc.paths['/api/card/card-statistics/{name}']!.get!.description).toContain('response-time');
  });

  it('exports a series as a CSV attachment, formula-like cells escaped', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/networks',
      headers: admin.authorization,
      payload: { kind: 'sandbox', name: '=HYPERLINK("http://x.example")', number: '+12025550777', throughput: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await get(admin, '/api/analytics/export.csv?series=networks&preset=7d');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="analytics-networks-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('network,kind,inbound,outbound,sent,delivered,failed');
    expect(lines).toContain(`"'=HYPERLINK(""http://x.example"")",sandbox,0,0,0,0,0`);
    const messages = await get(admin, '/api/analytics/export.csv?series=messages&preset=today');
    expect(messages.body.trim().split('\n')).toHaveLength(25);
  });

  it('keeps each workspace’s networks and figures to itself', async () => {
    const own = (await networksOf(stranger)).map((n) => n.id);
    const breakdown = await json<AnalyticsBreakdown>(stranger, '/api/analytics/breakdown');
    expect(breakdown.networks.map((n) => n.networkId)).toEqual(own);
    const health = await json<NetworkHealth>(stranger, '/api/analytics/health');
    expect(health.networks.map((n) => n.networkId)).toEqual(own);
    expect((await networksOf(admin)).some((n) => own.includes(n.id))).toBe(false);
  });

  describe('days of the workspace’s time zone', () => {
    /** A message stored directly at `at` (the roll-up's triggers count it like any other). */
    async function storedAt(who: SignedIn, at: string, direction: 'in' | 'out' = 'in') {
      const [network] = await networksOf(who);
      await t.app.database.db.execute(sql`insert into messages
          (workspace_id, network_id, contact_id, direction, body, encoding, segments, state, origin, created_at)
        values (${who.userData.workspaceId}, ${network!.id}, gen_random_uuid(), ${direction}, 'x', 'GSM-7', 1,
          ${direction === 'in' ? 'received' : 'delivered'}, ${direction === 'in' ? null : 'api'}, ${at}::timestamptz)`);
    }

    it('counts a day from local midnight to local midnight (Tokyo, UTC+9), against the days before', async () => {
      const patched = await t.app.inject({
        method: 'PATCH',
        url: '/api/workspace',
        headers: stranger.authorization,
        payload: { timeZone: 'Asia/Tokyo' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      await storedAt(stranger, '2026-01-01T14:59:00Z'); // 1 January, 23:59 in Tokyo
      await storedAt(stranger, '2026-01-01T15:00:00Z'); // 2 January, 00:00
      await storedAt(stranger, '2026-01-03T14:30:00Z', 'out'); // 3 January, 23:30
      await storedAt(stranger, '2026-01-03T15:30:00Z'); // 4 January: after the range
      await storedAt(stranger, '2025-12-30T10:00:00Z'); // 30 December: the previous period
      const range = 'from=2026-01-01&to=2026-01-03';
      const series = await json<AnalyticsSeries>(stranger, `/api/analytics/series?${range}`);
      expect(series.range).toEqual({
        from: '2025-12-31T15:00:00.000Z',
        to: '2026-01-03T15:00:00.000Z',
        previousFrom: '2025-12-28T15:00:00.000Z',
        previousTo: '2025-12-31T15:00:00.000Z',
        timeZone: 'Asia/Tokyo',
        granularity: 'day',
      });
      expect(series.points.map((p) => [p.at, p.inbound, p.outbound, p.delivered])).toEqual([
        ['2025-12-31T15:00:00.000Z', 1, 0, 0],
        ['2026-01-01T15:00:00.000Z', 1, 0, 0],
        ['2026-01-02T15:00:00.000Z', 0, 1, 1],
      ]);
      const overview = await json<AnalyticsOverview>(stranger, `/api/analytics/overview?${range}`);
      expect(overview.kpis['messages-received']).toEqual({ value: 2, previous: 1, change: 1 });
      expect(overview.kpis['delivery-rate']).toEqual({ value: 1, previous: null, change: null });
      const day = 'from=2026-01-02&to=2026-01-02';
      const hours = await json<CardAnalytics>(stranger, `/api/card/card-analytics/messages-received?${day}`);
      expect(hours.points).toHaveLength(24);
      expect(hours.points[0]).toEqual({ at: '2026-01-01T15:00:00.000Z', value: 1 });
      // The admin's workspace (UTC) saw none of it.
      const own = await json<AnalyticsOverview>(admin, `/api/analytics/overview?${range}`);
      expect(own.kpis['messages-received']).toEqual({ value: 0, previous: 0, change: null });
    });
  });
});
