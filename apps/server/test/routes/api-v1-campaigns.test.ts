import type {
  ApiCampaign,
  ApiCampaignDetailResponse,
  ApiCampaignRecipientsResponse,
  ApiCampaignResponse,
  ApiCampaignsResponse,
  Campaign,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, expectErrorBody } from '../helpers/expectations.js';
import { createV1TestBed, type V1Method, type V1TestBed } from '../helpers/api-v1.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const WRITE_KEY_NAME = 'campaigns:read campaigns:write'; // the test bed names a key by its scopes

describe('/api/v1/campaigns', () => {
  let bed: V1TestBed;
  let key: string;
  let readKey: string;
  let strangerKey: string;
  let sandboxId: string;
  let lists = 0;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-campaigns');
    key = await bed.newKey(bed.admin, ['campaigns:read', 'campaigns:write']);
    readKey = await bed.newKey(bed.admin, ['campaigns:read']);
    strangerKey = await bed.newKey(bed.stranger, ['campaigns:read', 'campaigns:write']);
    const networks = await admin('GET', '/api/networks');
    sandboxId = networks.json<{ networks: Array<{ id: string }> }>().networks[0]!.id;
  });
  afterAll(() => bed.close());

  const call = (method: V1Method, url: string, payload?: object, secret = key, headers?: Record<string, string>) =>
    bed.call(secret, method, url, payload, headers);
  /** The admin screens' routes, as a member in the app. */
  const admin = (method: V1Method, url: string, payload?: object) =>
    bed.t.app.inject({ method, url, headers: bed.admin.authorization, ...(payload && { payload }) });
  const numbers = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `+4915223${String(from + i).padStart(6, '0')}`);
  /** A list of contacts with these numbers (made in the app); answers its id. */
  async function listOf(phoneNumbers: string[]): Promise<string> {
    const list = await admin('POST', '/api/contact-lists', { name: `List ${++lists}` });
    const listId = list.json<{ list: { id: string } }>().list.id;
    for (const phoneNumber of phoneNumbers) {
      const contact = await admin('POST', '/api/contacts', { phoneNumber, name: 'Pat', listIds: [listId] });
      expect(contact.statusCode, contact.body).toBe(201);
    }
    return listId;
  }
  const create = async (payload: object, secret = key) => {
    const response = await call('POST', '/api/v1/campaigns', payload, secret);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiCampaignResponse>().campaign;
  };
  const draftTo = async (phoneNumbers: string[], extra: object = {}) =>
    create({
      name: `Campaign ${lists + 1}`,
      networkIds: [sandboxId],
      audience: { listIds: [await listOf(phoneNumbers)] },
      body: 'Hello {name|there}',
      ratePerSecond: 5,
      ...extra,
    });
  const act = async (id: string, action: string) => {
    const response = await call('POST', `/api/v1/campaigns/${id}/${action}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiCampaignResponse>().campaign;
  };
  const read = async (id: string) => {
    const response = await call('GET', `/api/v1/campaigns/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApiCampaignDetailResponse>();
  };

  it('creates a draft in the public shape, recorded as made by the API key', async () => {
    const listId = await listOf(numbers(1, 1));
    const campaign = await create({
      name: 'Spring sale',
      networkIds: [sandboxId],
      audience: { listIds: [listId], excludeTags: ['staff'] },
      body: 'Hi {name}, 20% off this week.',
      schedule: { sendAt: null, timeZone: null },
      ratePerSecond: 20,
      quietHours: { start: '21:00', end: '08:00' },
    });
    expect(campaign).toEqual({
      id: expect.any(String) as string,
      name: 'Spring sale',
      state: 'draft',
      body: 'Hi {name}, 20% off this week.',
      networkIds: [sandboxId],
      audience: { all: false, listIds: [listId], tags: [], excludeListIds: [], excludeTags: ['staff'] },
      schedule: { sendAt: null, timeZone: null },
      ratePerSecond: 20,
      quietHours: { start: '21:00', end: '08:00' },
      counts: expect.objectContaining({ recipients: 0, queued: 0, delivered: 0 }) as ApiCampaign['counts'],
      exclusions: null,
      failureReason: null,
      createdBy: { type: 'api_key', id: expect.any(String) as string, name: WRITE_KEY_NAME },
      createdAt: expect.stringMatching(/Z$/) as string,
      updatedAt: expect.stringMatching(/Z$/) as string,
      startedAt: null,
      finishedAt: null,
    });
    const { campaign: inApp } = (await admin('GET', `/api/campaigns/${campaign.id}`)).json<{ campaign: Campaign }>();
    expect(inApp).toMatchObject({
      createdBy: null,
      createdByApiKey: { id: campaign.createdBy!.id, name: WRITE_KEY_NAME },
    });
    const detail = await read(campaign.id);
    expect(detail).toEqual({ campaign, throughput: { buckets: [], etaSeconds: null } });
    expect(JSON.stringify(detail)).not.toContain(bed.admin.userData.workspaceId);
    // A campaign a member made names the member.
    const byMember = await admin('POST', '/api/campaigns', { name: 'Made in the app' });
    const { id } = byMember.json<{ campaign: Campaign }>().campaign;
    expect((await read(id)).campaign.createdBy).toEqual({
      type: 'user',
      id: bed.admin.userData.id,
      name: bed.admin.userData.displayName,
    });
  });

  it('lists newest first with a state filter and next links that keep it', async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) made.push((await create({ name: `Listed ${n}` })).id);
    const seen: string[] = [];
    let url: string | null = '/api/v1/campaigns?state=draft&limit=2';
    while (url) {
      const response = await call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      const page: ApiCampaignsResponse = response.json<ApiCampaignsResponse>();
      expect(page.campaigns.every((c) => c.state === 'draft')).toBe(true);
      seen.push(...page.campaigns.map((c) => c.id));
      url = page.next;
      if (url) expect(url).toMatch(/^\/api\/v1\/campaigns\?(?=.*state=draft)(?=.*limit=2)(?=.*cursor=)/);
    }
    expect(seen.slice(0, 3)).toEqual([...made].reverse());
    const sending = (await call('GET', '/api/v1/campaigns?state=completed')).json<ApiCampaignsResponse>();
    expect(sending.campaigns.map((c) => c.id)).not.toContain(made[0]);
  });

  it('runs a campaign through start, pause and resume until the sandbox delivered it', async () => {
    const draft = await draftTo(numbers(100, 3), { ratePerSecond: 1 });
    const started = await act(draft.id, 'start');
    expect(started).toMatchObject({ state: 'sending', counts: { recipients: 3, segments: 3 } });
    expect(started.startedAt).toEqual(expect.stringMatching(/Z$/));
    expectErrorBody(await call('POST', `/api/v1/campaigns/${draft.id}/start`), 409, 'CAMPAIGN_STATE_CONFLICT');
    expect((await act(draft.id, 'pause')).state).toBe('paused');
    expectErrorBody(await call('POST', `/api/v1/campaigns/${draft.id}/pause`), 409, 'CAMPAIGN_STATE_CONFLICT');
    expect((await act(draft.id, 'resume')).state).toBe('sending');

    await eventually(async () => (await read(draft.id)).campaign.state === 'completed', 'the campaign completed');
    await eventually(
      async () => (await read(draft.id)).campaign.counts.delivered === 3,
      'the sandbox delivered every message',
    );
    const { campaign, throughput } = await read(draft.id);
    expect(campaign).toMatchObject({ finishedAt: expect.stringMatching(/Z$/) as string, exclusions: { optedOut: 0 } });
    expect(throughput.etaSeconds).toBeNull();
    expect(throughput.buckets.reduce((sum, b) => sum + b.sent, 0)).toBe(3);
    expectErrorBody(await call('POST', `/api/v1/campaigns/${draft.id}/cancel`), 409, 'CAMPAIGN_STATE_CONFLICT');

    const seen: string[] = [];
    let url: string | null = `/api/v1/campaigns/${draft.id}/recipients?state=delivered&limit=2`;
    while (url) {
      const page: ApiCampaignRecipientsResponse = (await call('GET', url)).json<ApiCampaignRecipientsResponse>();
      for (const r of page.recipients) expect(r).toMatchObject({ state: 'delivered', body: 'Hello Pat' });
      seen.push(...page.recipients.map((r) => r.phoneNumber));
      url = page.next;
      if (url) expect(url).toContain('state=delivered');
    }
    expect(seen.sort()).toEqual(numbers(100, 3));
    const queued = await call('GET', `/api/v1/campaigns/${draft.id}/recipients?state=queued`);
    expect(queued.json<ApiCampaignRecipientsResponse>()).toEqual({ recipients: [], next: null });
  });

  it('cancels a sending campaign: what was not sent is cancelled', async () => {
    const draft = await draftTo(numbers(200, 4), { ratePerSecond: 1 });
    await act(draft.id, 'start');
    const cancelled = await act(draft.id, 'cancel');
    expect(cancelled).toMatchObject({ state: 'cancelled', finishedAt: expect.stringMatching(/Z$/) as string });
    expectErrorBody(await call('POST', `/api/v1/campaigns/${draft.id}/resume`), 409, 'CAMPAIGN_STATE_CONFLICT');
    await eventually(async () => {
      const { counts } = (await read(draft.id)).campaign;
      return counts.queued + counts.sending === 0;
    }, 'nothing waits or is being sent');
    const { counts } = (await read(draft.id)).campaign;
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(counts.cancelled + counts.sent + counts.delivered).toBe(4);
  });

  it('edits a draft (only the fields given) and deletes one; a started campaign is neither (409)', async () => {
    const bare = await create({ name: 'Half done' });
    const listId = await listOf(numbers(600, 1));
    const patched = await call('PATCH', `/api/v1/campaigns/${bare.id}`, {
      networkIds: [sandboxId],
      audience: { listIds: [listId] },
      body: 'Now ready',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ApiCampaignResponse>().campaign).toMatchObject({
      name: 'Half done',
      body: 'Now ready',
      networkIds: [sandboxId],
      audience: { listIds: [listId] },
      state: 'draft',
    });
    expectErrorBody(
      await call('PATCH', `/api/v1/campaigns/${bare.id}`, { state: 'sending' }),
      400,
      'VALIDATION_FAILED',
    );
    await act(bare.id, 'start');
    expectErrorBody(
      await call('PATCH', `/api/v1/campaigns/${bare.id}`, { name: 'Too late' }),
      409,
      'CAMPAIGN_STATE_CONFLICT',
    );
    expectErrorBody(await call('DELETE', `/api/v1/campaigns/${bare.id}`), 409, 'CAMPAIGN_STATE_CONFLICT');

    const unwanted = await create({ name: 'Unwanted' });
    const deleted = await call('DELETE', `/api/v1/campaigns/${unwanted.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectErrorBody(await call('GET', `/api/v1/campaigns/${unwanted.id}`), 404, 'NOT_FOUND');
    expectErrorBody(await call('DELETE', `/api/v1/campaigns/${unwanted.id}`), 404, 'NOT_FOUND');
  });

  it('refuses a draft that is not ready (409) and a start over the quota (402), queueing nothing', async () => {
    const bare = await create({ name: 'Not ready' });
    const notReady = expectErrorBody(
      await call('POST', `/api/v1/campaigns/${bare.id}/start`),
      409,
      'CAMPAIGN_NOT_READY',
    );
    expect(notReady.error).toMatch(/network/i);

    const draft = await draftTo(numbers(300, 1));
    const workspaceId = bed.admin.userData.workspaceId;
    await bed.t.app.database.db.execute(sql`insert into usage_periods (workspace_id, period_start, segments)
      select id, date_trunc('month', now() at time zone time_zone)::date, 1000 from workspaces where id = ${workspaceId}
      on conflict (workspace_id, period_start) do update set segments = excluded.segments`);
    try {
      const refused = await call('POST', `/api/v1/campaigns/${draft.id}/start`);
      expectErrorBody(refused, 402, 'QUOTA_EXCEEDED');
      expect(refused.json()).toMatchObject({ remaining: 0, needed: 1 });
      expect((await read(draft.id)).campaign).toMatchObject({ state: 'draft', counts: { recipients: 0 } });
    } finally {
      await bed.t.app.database.db.execute(
        sql`update usage_periods set segments = 0 where workspace_id = ${workspaceId}`,
      );
    }
  });

  it('answers 400 with { error, code } for bad input', async () => {
    for (const payload of [
      {},
      { name: '' },
      { name: 'x', networkIds: ['not-a-uuid'] },
      { name: 'x', audience: { listIds: 'all' } },
      { name: 'x', ratePerSecond: 0 },
      { name: 'x', quietHours: { start: '21:00', end: '21:00' } },
      { name: 'x', schedule: { sendAt: 'tomorrow', timeZone: null } },
      { name: 'x', createdBy: 'me' },
    ]) {
      expectErrorBody(await call('POST', '/api/v1/campaigns', payload), 400, 'VALIDATION_FAILED');
    }
    expectErrorBody(await call('GET', '/api/v1/campaigns?state=lost'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', '/api/v1/campaigns?limit=1000'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', '/api/v1/campaigns?cursor=garbage'), 400);
    expectErrorBody(await call('GET', '/api/v1/campaigns/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('POST', '/api/v1/campaigns/not-a-uuid/start'), 400, 'VALIDATION_FAILED');
    const draft = await create({ name: 'Validated' });
    expectErrorBody(await call('GET', `/api/v1/campaigns/${draft.id}/recipients?state=lost`), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', `/api/v1/campaigns/${UNKNOWN_ID}`), 404, 'NOT_FOUND');
    expectErrorBody(await call('POST', `/api/v1/campaigns/${UNKNOWN_ID}/pause`), 404, 'NOT_FOUND');
    expectErrorBody(await call('POST', '/api/v1/campaigns', { name: 'x', networkIds: [UNKNOWN_ID] }), 404, 'NOT_FOUND');
  });

  it('needs campaigns:read to read and campaigns:write to change (403 naming the scope)', async () => {
    const draft = await create({ name: 'Scoped' });
    expect((await call('GET', '/api/v1/campaigns', undefined, readKey)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/campaigns/${draft.id}/recipients`, undefined, readKey)).statusCode).toBe(200);
    for (const [method, url] of [
      ['POST', '/api/v1/campaigns'],
      ['POST', `/api/v1/campaigns/${draft.id}/start`],
      ['POST', `/api/v1/campaigns/${draft.id}/cancel`],
      ['PATCH', `/api/v1/campaigns/${draft.id}`],
      ['DELETE', `/api/v1/campaigns/${draft.id}`],
    ] as const) {
      const payload = method === 'DELETE' ? undefined : { name: 'x' };
      const refused = expectErrorBody(await call(method, url, payload, readKey), 403, 'INSUFFICIENT_SCOPE');
      expect(refused.error).toContain('campaigns:write');
    }
    const messagesOnly = await bed.newKey(bed.admin, ['messages:read']);
    for (const url of [
      '/api/v1/campaigns',
      `/api/v1/campaigns/${draft.id}`,
      `/api/v1/campaigns/${draft.id}/recipients`,
    ]) {
      const refused = expectErrorBody(await call('GET', url, undefined, messagesOnly), 403, 'INSUFFICIENT_SCOPE');
      expect(refused.error).toContain('campaigns:read');
    }
    expectErrorBody(await bed.t.app.inject({ method: 'GET', url: '/api/v1/campaigns' }), 401);
  });

  it('never shows or changes another workspace’s campaigns (404)', async () => {
    const mine = await draftTo(numbers(400, 1));
    for (const [method, url] of [
      ['GET', `/api/v1/campaigns/${mine.id}`],
      ['GET', `/api/v1/campaigns/${mine.id}/recipients`],
      ['POST', `/api/v1/campaigns/${mine.id}/start`],
      ['POST', `/api/v1/campaigns/${mine.id}/cancel`],
      ['PATCH', `/api/v1/campaigns/${mine.id}`],
      ['DELETE', `/api/v1/campaigns/${mine.id}`],
    ] as const) {
      const payload = method === 'PATCH' ? { name: 'Hijacked' } : undefined;
      expectErrorBody(await call(method, url, payload, strangerKey), 404, 'NOT_FOUND');
    }
    const theirs = (await call('GET', '/api/v1/campaigns', undefined, strangerKey)).json<ApiCampaignsResponse>();
    expect(theirs.campaigns).toEqual([]);
    expectErrorBody(
      await call('POST', '/api/v1/campaigns', { name: 'x', networkIds: [sandboxId] }, strangerKey),
      404,
      'NOT_FOUND',
    );
    expect((await read(mine.id)).campaign).toMatchObject({ state: 'draft', name: mine.name });
  });

  describe('Idempotency-Key', () => {
    it('creates one draft when requests with one key race', async () => {
      const headers = { 'idempotency-key': 'campaign-race-1' };
      const payload = { name: 'Raced draft', body: 'Once' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call('POST', '/api/v1/campaigns', payload, key, headers)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.json<ApiCampaignResponse>().campaign.id)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      const all = (await call('GET', '/api/v1/campaigns?limit=100')).json<ApiCampaignsResponse>().campaigns;
      expect(all.filter((c) => c.name === 'Raced draft')).toHaveLength(1);
      expectErrorBody(
        await call('POST', '/api/v1/campaigns', { name: 'Another' }, key, headers),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
    });

    it('answers a retried start with the first answer instead of a conflict, and queues once', async () => {
      const draft = await draftTo(numbers(500, 2), { ratePerSecond: 20 });
      const headers = { 'idempotency-key': `start-${draft.id}` };
      const [first, second] = await Promise.all([
        call('POST', `/api/v1/campaigns/${draft.id}/start`, undefined, key, headers),
        call('POST', `/api/v1/campaigns/${draft.id}/start`, undefined, key, headers),
      ]);
      expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
      expect(second!.json<ApiCampaignResponse>()).toEqual(first!.json<ApiCampaignResponse>());
      expect([first, second].filter((a) => a!.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
      expect((await read(draft.id)).campaign.counts.recipients).toBe(2);
      // Without the key, the state machine answers.
      expectErrorBody(await call('POST', `/api/v1/campaigns/${draft.id}/start`), 409, 'CAMPAIGN_STATE_CONFLICT');
    });
  });
});
