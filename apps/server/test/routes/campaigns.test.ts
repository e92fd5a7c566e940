import type { Campaign, CampaignRecipient, CampaignReview, ContactList, Network } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody, eventually } from '../helpers/expectations.js';
import { addMember, createTestApp, login, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('the campaigns API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let sandbox: Network;
  let list: ContactList;
  let theirs: Campaign;

  const call = (who: SignedIn, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.authorization, payload: payload as object });
  const campaignOf = (response: { json<T>(): T }) => response.json<{ campaign: Campaign }>().campaign;
  const read = async (id: string) => campaignOf(await call(admin, 'GET', `/api/campaigns/${id}`));
  const recipients = async (id: string, query = '') =>
    (await call(admin, 'GET', `/api/campaigns/${id}/recipients?limit=500${query}`)).json<{
      recipients: CampaignRecipient[];
    }>().recipients;
  const draft = async (body: object) => {
    const response = await call(admin, 'POST', '/api/campaigns', {
      name: 'Spring sale',
      networkIds: [sandbox.id],
      audience: { listIds: [list.id] },
      body: 'Hi {name|there}, 20% off today.',
      ratePerSecond: 50,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return campaignOf(response);
  };
  const contact = async (phoneNumber: string, extra: object = {}) => {
    const response = await call(admin, 'POST', '/api/contacts', { phoneNumber, listIds: [list.id], ...extra });
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app, 'owner@campaigns.example', 'Owner');
    await addMember(t.app, admin.userData.workspaceId, 'editor@campaigns.example', 'editor');
    editor = await login(t.app, 'editor@campaigns.example');
    stranger = await register(t.app, 'owner@other-campaigns.example');
    sandbox = (await call(admin, 'GET', '/api/networks')).json<{ networks: Network[] }>().networks[0]!;
    await call(admin, 'PUT' as Method, '/api/contact-fields', { fields: [{ key: 'city' }] }).then((r) =>
      expect(r.statusCode, r.body).toBeLessThan(300),
    );
    list = (await call(admin, 'POST', '/api/contact-lists', { name: 'Customers' })).json<{ list: ContactList }>().list;
    await contact('+14155550101', { name: 'Ada', customFields: { city: 'Paris' } });
    await contact('+14155550102', { name: '=HYPERLINK("x")', customFields: { city: 'Rome' } });
    await contact('+14155550103', { name: 'Opted', optedOut: true, customFields: { city: 'Oslo' } });
    await contact('+14155550104', { customFields: {} });
    const theirSandbox = (await call(stranger, 'GET', '/api/networks')).json<{ networks: Network[] }>().networks[0]!;
    theirs = campaignOf(
      await call(stranger, 'POST', '/api/campaigns', { name: 'Theirs', networkIds: [theirSandbox.id], body: 'x' }),
    );
  });
  afterAll(() => t.close());

  it('keeps editors out (403) and another workspace’s campaigns hidden (404)', async () => {
    expectErrorBody(await call(editor, 'GET', '/api/campaigns'), 403, 'FORBIDDEN');
    expectErrorBody(await call(editor, 'POST', '/api/campaigns', { name: 'x' }), 403, 'FORBIDDEN');
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/start'],
      ['POST', '/pause'],
      ['POST', '/review'],
      ['GET', '/recipients'],
      ['GET', '/recipients/export'],
      ['GET', '/throughput'],
    ] as Array<[Method, string]>) {
      const response = await call(
        admin,
        method,
        `/api/campaigns/${theirs.id}${path}`,
        method === 'PATCH' ? { name: 'Mine' } : method === 'POST' ? {} : undefined,
      );
      expectErrorBody(response, 404, 'NOT_FOUND');
    }
    const mine = (await call(admin, 'GET', '/api/campaigns')).json<{ campaigns: Campaign[] }>().campaigns;
    expect(mine.map((c) => c.id)).not.toContain(theirs.id);
  });

  it('answers 400 for bad input and a network of another workspace with 404', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: 'x', ratePerSecond: 0 },
      { name: 'x', quietHours: { start: '21:00', end: '21:00' } },
      { name: 'x', audience: { listIds: ['nope'] } },
      { name: 'x', unknown: 1 },
    ])
      expectErrorBody(await call(admin, 'POST', '/api/campaigns', body), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call(admin, 'GET', '/api/campaigns/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expectErrorBody(
      await call(admin, 'POST', '/api/campaigns', { name: 'x', networkIds: [theirs.networkIds[0]] }),
      404,
      'NOT_FOUND',
    );
  });

  it('reviews on the server: opted-out and missing variables left out and counted, texts personalised', async () => {
    const campaign = await draft({ body: 'Hi {name|there} from {city}!' });
    const review = (await call(admin, 'POST', `/api/campaigns/${campaign.id}/review`, {})).json<CampaignReview>();
    expect(review).toMatchObject({
      recipients: 2,
      exclusions: { optedOut: 1, missingVariable: 1, duplicate: 0, invalid: 0 },
      totalSegments: 2,
      problems: [],
    });
    expect(review.sample).toMatchObject({ body: 'Hi Ada from Paris!', name: 'Ada' });
  });

  it('starts once: personalised messages queued, sent and completed; a started campaign is no longer edited', async () => {
    const campaign = await draft({});
    const started = await call(admin, 'POST', `/api/campaigns/${campaign.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(campaignOf(started)).toMatchObject({ state: 'sending', exclusions: { optedOut: 1 } });
    expectErrorBody(await call(admin, 'POST', `/api/campaigns/${campaign.id}/start`), 409, 'CAMPAIGN_STATE_CONFLICT');
    expectErrorBody(
      await call(admin, 'PATCH', `/api/campaigns/${campaign.id}`, { name: 'x' }),
      409,
      'CAMPAIGN_STATE_CONFLICT',
    );
    expectErrorBody(await call(admin, 'DELETE', `/api/campaigns/${campaign.id}`), 409, 'CAMPAIGN_STATE_CONFLICT');
    await eventually(async () => (await read(campaign.id)).state === 'completed', 'the campaign completed');
    const sent = await recipients(campaign.id);
    expect(sent.map((r) => r.body).sort()).toEqual([
      'Hi =HYPERLINK("x"), 20% off today.',
      'Hi Ada, 20% off today.',
      'Hi there, 20% off today.',
    ]);
    expect(sent.every((r) => r.state === 'delivered' || r.state === 'sent')).toBe(true);
    expect((await read(campaign.id)).counts).toMatchObject({ recipients: 3, queued: 0, cancelled: 0, segments: 3 });
    // Its review now says what it queued, whatever the list holds since.
    await contact('+14155550105', { name: 'Late' });
    const review = (await call(admin, 'POST', `/api/campaigns/${campaign.id}/review`)).json<CampaignReview>();
    expect(review).toMatchObject({ recipients: 3, totalSegments: 3, exclusions: { optedOut: 1 }, problems: [] });
    expect(review.sample?.body).toMatch(/^Hi .*, 20% off today\.$/);
  });

  it('sends a test: the text personalised for a contact to one number, refused for an opted-out number', async () => {
    const campaign = await draft({ body: 'Hi {name|there} in {city|town}' });
    const [ada] = (await call(admin, 'GET', '/api/contacts?q=Ada')).json<{ contacts: Array<{ id: string }> }>()
      .contacts;
    const sent = await call(admin, 'POST', `/api/campaigns/${campaign.id}/test`, {
      to: '+1 415 555 0199',
      contactId: ada!.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ message: { body: string; origin: string } }>().message).toMatchObject({
      body: 'Hi Ada in Paris',
      origin: 'test',
    });
    const withDefaults = await call(admin, 'POST', `/api/campaigns/${campaign.id}/test`, { to: '+14155550198' });
    expect(withDefaults.json<{ message: { body: string } }>().message.body).toBe('Hi there in town');
    expectErrorBody(
      await call(admin, 'POST', `/api/campaigns/${campaign.id}/test`, { to: '+14155550103' }),
      409,
      'CONTACT_OPTED_OUT',
    );
    expectErrorBody(await call(admin, 'POST', `/api/campaigns/${campaign.id}/test`, { to: 'nope' }), 400);
  });

  it('lists newest first in keyset pages, by state, and reviews without a body', async () => {
    const a = await draft({ name: 'Page A' });
    const b = await draft({ name: 'Page B' });
    const first = await call(admin, 'GET', '/api/campaigns?limit=1&state=draft');
    const page = first.json<{ campaigns: Campaign[]; nextCursor: string | null }>();
    expect(page.campaigns.map((c) => c.id)).toEqual([b.id]);
    const second = await call(admin, 'GET', `/api/campaigns?limit=1&state=draft&cursor=${page.nextCursor}`);
    expect(second.json<{ campaigns: Campaign[] }>().campaigns.map((c) => c.id)).toEqual([a.id]);
    const sending = await call(admin, 'GET', '/api/campaigns?state=completed');
    expect(sending.json<{ campaigns: Campaign[] }>().campaigns.every((c) => c.state === 'completed')).toBe(true);
    expectErrorBody(await call(admin, 'GET', '/api/campaigns?cursor=garbage'), 400, 'VALIDATION_FAILED');
    const review = await call(admin, 'POST', `/api/campaigns/${a.id}/review`);
    expect(review.statusCode, review.body).toBe(200);
    const throughput = await call(admin, 'GET', `/api/campaigns/${a.id}/throughput`);
    expect(throughput.json()).toEqual({ buckets: [], etaSeconds: null });
  });

  it('refuses to start a draft that is not ready with 409 CAMPAIGN_NOT_READY', async () => {
    const campaign = await draft({ networkIds: [], body: '' });
    const refused = await call(admin, 'POST', `/api/campaigns/${campaign.id}/start`);
    expectErrorBody(refused, 409, 'CAMPAIGN_NOT_READY');
    expect((await read(campaign.id)).state).toBe('draft');
    const unknownField = await draft({ body: 'Hi {nickname}' });
    const review = (await call(admin, 'POST', `/api/campaigns/${unknownField.id}/review`, {})).json<CampaignReview>();
    expect(review.problems.map((p) => p.code)).toContain('UNKNOWN_VARIABLE');
  });

  it('describes every campaign route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const paths = [
      '/api/campaigns',
      '/api/campaigns/{id}',
      '/api/campaigns/{id}/review',
      '/api/campaigns/{id}/test',
      '/api/campaigns/{id}/recipients',
      '/api/campaigns/{id}/recipients/export',
      '/api/campaigns/{id}/throughput',
      ...['start', 'pause', 'resume', 'cancel', 'unschedule', 'retry-failed'].map((a) => `/api/campaigns/{id}/${a}`),
    ];
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(paths));
    expect(Object.keys(doc.paths['/api/campaigns/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
  });
});
