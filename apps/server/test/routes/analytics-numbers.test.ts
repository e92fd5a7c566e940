import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AnalyticsBreakdown,
  AnalyticsOverview,
  AnalyticsSeries,
  CardAnalytics,
  CardStatistics,
  CheckpointReward,
  ConversationListResponse,
  DispatchedOrders,
  MessageResponse,
  NetworkHealth,
  NetworksResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, wavFile } from '../helpers/audio-files.js';
import { eventually } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const ASKER = '+12025550101';
const CUSTOMER = '+12025550102';
const CALLER = '+12025550103';
const SHOPPER = '+12025550104';
const DAY_MS = 86_400_000;

// The figures after real traffic through the existing services and routes: messages received,
// an inbox reply, two sends (one failed by the network), an opt-out, a voice message, a campaign.
describe('the control panel’s numbers after real traffic', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandboxId: string;
  let counter = 0;

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.authorization, ...(payload ? { payload } : {}) });
  async function json<T>(who: SignedIn, url: string): Promise<T> {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  }
  const inbound = (from: string, body: string) =>
    t.app.services.messaging.host.receiveInbound({
      networkId: sandboxId,
      from,
      body,
      providerMessageId: `analytics-${++counter}`,
    });
  async function send(to: string, body: string): Promise<string> {
    const response = await call(admin, 'POST', '/api/messages', { networkId: sandboxId, to, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MessageResponse>().message.id;
  }

  beforeAll(async () => {
    // Every figure below is "today" in the workspace's zone (UTC): a run that would straddle
    // midnight starts just after it instead (the file takes well under two minutes).
    const untilMidnight = DAY_MS - (Date.now() % DAY_MS);
    if (untilMidnight < 120_000) await new Promise((resolve) => setTimeout(resolve, untilMidnight + 1_000));
    filesDir = await mkdtemp(join(tmpdir(), 'sb-analytics-'));
    // Slow enough that a failure report lands before the sandbox's own delivery report.
    t = await createTestApp({ FILES_DIR: filesDir, SANDBOX_DELIVERY_MS: '300' });
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'analytics-numbers'));
    sandboxId = (await json<NetworksResponse>(admin, '/api/networks')).networks[0]!.id;

    await inbound(ASKER, 'Hello?');
    await inbound(ASKER, 'Are you open today?');
    const threads = await json<ConversationListResponse>(admin, '/api/conversations');
    const thread = threads.conversations.find((c) => c.contact.phoneNumber === ASKER)!;
    const reply = await call(admin, 'POST', `/api/conversations/${thread.id}/messages`, { body: 'Yes, until 6' });
    expect(reply.statusCode, reply.body).toBe(201);

    await send(CUSTOMER, 'Your order shipped');
    const failing = await send(CUSTOMER, 'Your invoice');
    const failed = await t.app.services.messaging.host.applyStatus({
      networkId: sandboxId,
      messageId: failing,
      state: 'failed',
      errorCode: 'E30007',
      errorText: 'Carrier violation',
    });
    expect(failed).toBe(true);

    const optOut = await call(admin, 'PATCH', `/api/contacts/${thread.contact.id}`, { optedOut: true });
    expect(optOut.statusCode, optOut.body).toBe(200);

    const voice = await multipartBody(
      { networkId: sandboxId, caller: CALLER },
      { content: wavFile(1), type: 'audio/wav', name: 'call.wav' },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/voice-messages',
      payload: voice.payload,
      headers: { ...admin.authorization, ...voice.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    expect((await call(admin, 'POST', '/api/contacts', { phoneNumber: SHOPPER, tags: ['spring'] })).statusCode).toBe(
      201,
    );
    const created = await call(admin, 'POST', '/api/campaigns', {
      name: '+Spring sale',
      networkIds: [sandboxId],
      audience: { tags: ['spring'] },
      body: 'Spring sale: 20% off this week.',
      ratePerSecond: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json<{ campaign: { id: string } }>().campaign.id;
    expect((await call(admin, 'POST', `/api/campaigns/${campaignId}/start`)).statusCode).toBe(200);

    // Everything settles: 3 delivered (the reply, a send, the campaign's message), 1 failed.
    await eventually(async () => {
      const { funnel } = await json<AnalyticsOverview>(admin, '/api/analytics/overview?preset=today');
      return funnel.delivered === 3;
    }, 'three messages delivered');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('counts every KPI of today, against nothing yesterday', async () => {
    const overview = await json<AnalyticsOverview>(admin, '/api/analytics/overview?preset=today');
    const values = Object.fromEntries(Object.entries(overview.kpis).map(([name, kpi]) => [name, kpi.value]));
    expect(values).toEqual({
      'messages-sent': 3,
      'messages-delivered': 3,
      'delivery-rate': 0.75,
      'messages-failed': 1,
      'messages-received': 2,
      replies: 3, // the inbox reply and the two sends of POST /api/messages (origin reply)
      'response-time': expect.any(Number) as number,
      'opt-outs': 1,
      'auto-replies': 0,
      'voice-messages': 1,
      'campaigns-sent': 1,
    });
    expect(overview.kpis['response-time']!.value).toBeLessThan(60);
    expect(overview.kpis['messages-sent']).toEqual({ value: 3, previous: 0, change: null });
    expect(overview.funnel).toEqual({ queued: 4, sent: 3, delivered: 3, failed: 1 });
    expect(overview.failureReasons).toEqual([{ code: 'E30007', text: 'Carrier violation', count: 1 }]);
    // The failed message was never sent: its segment was given back to the quota.
    expect(overview.usage.used).toBe(3);
  });

  it('puts the messages in today’s hours, and the cards agree with the overview', async () => {
    const series = await json<AnalyticsSeries>(admin, '/api/analytics/series?preset=today');
    const sum = (key: 'inbound' | 'outbound' | 'delivered' | 'failed') =>
      series.points.reduce((total, p) => total + p[key], 0);
    expect([sum('inbound'), sum('outbound'), sum('delivered'), sum('failed')]).toEqual([2, 4, 3, 1]);
    const sent = await json<CardAnalytics>(admin, '/api/card/card-analytics/messages-sent?preset=today');
    expect(sent.points.reduce((total, p) => total + (p.value ?? 0), 0)).toBe(3);
    const rates = (await json<CardAnalytics>(admin, '/api/card/card-analytics/delivery-rate?preset=7d')).points;
    expect(rates).toHaveLength(7);
    expect(rates.at(-1)!.value).toBe(0.75);
    const stats = await json<CardStatistics>(admin, '/api/card/card-statistics/voice-messages?preset=30d');
    expect(stats.kpi).toEqual({ value: 1, previous: 0, change: null });
  });

  it('breaks the range down by network and campaign, and shows the network’s last hour', async () => {
    const breakdown = await json<AnalyticsBreakdown>(admin, '/api/analytics/breakdown?preset=today');
    expect(breakdown.networks).toEqual([
      expect.objectContaining({ networkId: sandboxId, inbound: 2, outbound: 4, sent: 3, delivered: 3, failed: 1 }),
    ]);
    expect(breakdown.campaigns).toEqual([
      expect.objectContaining({ name: '+Spring sale', outbound: 1, sent: 1, delivered: 1, failed: 0 }),
    ]);
    const health = await json<NetworkHealth>(admin, '/api/analytics/health');
    expect(health.networks).toEqual([
      expect.objectContaining({ networkId: sandboxId, enabled: true, sentLastHour: 3, failedLastHour: 1 }),
    ]);
    expect(health.networks[0]!.lastSeenAt).not.toBeNull();
    const csv = await call(admin, 'GET', '/api/analytics/export.csv?series=campaigns&preset=today');
    expect(csv.body).toContain(`\n'+Spring sale,1,1,1,0`);
  });

  it('lists the latest dispatched messages and the campaign, newest first', async () => {
    const { orders } = await json<DispatchedOrders>(admin, '/api/table/dispatched-orders?limit=10');
    expect(orders.filter((o) => o.kind === 'message')).toHaveLength(4);
    expect(orders.find((o) => o.kind === 'campaign')).toMatchObject({
      title: '+Spring sale',
      networkName: null,
      count: 1,
    });
    expect(orders.find((o) => o.kind === 'message' && o.state === 'failed')).toMatchObject({
      title: CUSTOMER,
      networkName: 'Sandbox',
      count: 1,
    });
    expect([...orders].sort((a, b) => b.at.localeCompare(a.at)).map((o) => o.at)).toEqual(orders.map((o) => o.at));
    expect((await json<DispatchedOrders>(admin, '/api/table/dispatched-orders?limit=2')).orders).toHaveLength(2);
  });

  it('counts the inbox replies the caller wrote this month in the checkpoint', async () => {
    const mine = await json<CheckpointReward>(admin, '/api/user/checkpoint-reward');
    expect(mine).toMatchObject({ value: 1, lastMonth: 0, change: null, reached: true, nextMilestone: 10 });
    expect(mine.month).toBe(new Date().toISOString().slice(0, 7));
    expect(await json<CheckpointReward>(editor, '/api/user/checkpoint-reward')).toMatchObject({
      value: 0,
      reached: false,
    });
  });

  it('shows none of it to another workspace', async () => {
    const overview = await json<AnalyticsOverview>(stranger, '/api/analytics/overview?preset=today');
    expect(Object.values(overview.kpis).every((k) => k.value === 0 || k.value === null)).toBe(true);
    expect((await json<AnalyticsBreakdown>(stranger, '/api/analytics/breakdown')).campaigns).toEqual([]);
    expect((await json<DispatchedOrders>(stranger, '/api/table/dispatched-orders')).orders).toEqual([]);
  });
});
