import type {
  ApiContactDetailResponse,
  ApiContactListsResponse,
  ApiContactResponse,
  ApiContactsResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { createV1TestBed, type V1Method, type V1TestBed } from '../helpers/api-v1.js';
import type { SignedIn, TestApp } from '../helpers/test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('/api/v1/contacts, /api/v1/contact-lists and /api/v1/tags', () => {
  let bed: V1TestBed;
  let t: TestApp;
  let admin: SignedIn;
  let stranger: SignedIn;
  let key: string;
  let readKey: string;
  let strangerKey: string;
  let listId: string;
  beforeAll(async () => {
    bed = await createV1TestBed('v1-contacts');
    ({ t, admin, stranger } = bed);
    key = await newKey(admin, ['contacts:read', 'contacts:write', 'messages:send']);
    readKey = await newKey(admin, ['contacts:read']);
    strangerKey = await newKey(stranger, ['contacts:read', 'contacts:write']);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/contact-lists',
      headers: admin.authorization,
      payload: { name: 'VIP' },
    });
    listId = list.json<{ list: { id: string } }>().list.id;
    await t.app.inject({
      method: 'PUT',
      url: '/api/contact-fields',
      headers: admin.authorization,
      payload: { fields: [{ key: 'city' }] },
    });
  });
  afterAll(() => bed.close());

  const newKey: V1TestBed['newKey'] = (who, scopes) => bed.newKey(who, scopes);
  const call = (method: V1Method, url: string, payload?: object, secret = key) =>
    bed.call(secret, method, url, payload);
  const create = async (payload: object) => {
    const response = await call('POST', '/api/v1/contacts', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ApiContactResponse>().contact;
  };

  it('adds a contact and answers the public shape', async () => {
    const contact = await create({
      phoneNumber: '+1 202 555 0101',
      name: 'Ada',
      tags: ['vip'],
      customFields: { city: 'Berlin' },
      timeZone: 'Europe/Berlin',
      listIds: [listId],
    });
    expect(contact).toEqual({
      id: expect.any(String) as string,
      phoneNumber: '+12025550101',
      name: 'Ada',
      tags: ['vip'],
      customFields: { city: 'Berlin' },
      timeZone: 'Europe/Berlin',
      optedOut: false,
      optedOutAt: null,
      lists: [listId],
      createdAt: expect.stringMatching(/Z$/) as string,
      updatedAt: expect.stringMatching(/Z$/) as string,
      lastMessageAt: null,
    });
    expect(JSON.stringify(contact)).not.toContain('workspace');
    const read = await call('GET', `/api/v1/contacts/${contact.id}`);
    expect(read.json<ApiContactDetailResponse>()).toEqual({ contact, consent: [] });
  });

  it('refuses a number that is a contact already (409 CONTACT_EXISTS)', async () => {
    await create({ phoneNumber: '+12025550102' });
    expectErrorBody(await call('POST', '/api/v1/contacts', { phoneNumber: '+12025550102' }), 409, 'CONTACT_EXISTS');
  });

  it('answers a repeated create with the same Idempotency-Key with the first answer', async () => {
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'contact-301' },
        payload,
      });
    const first = await post({ phoneNumber: '+12025550301', name: 'Cy' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post({ phoneNumber: '+12025550301', name: 'Cy' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<ApiContactResponse>()).toEqual(first.json<ApiContactResponse>());
    expectErrorBody(await post({ phoneNumber: '+12025550302' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectErrorBody(await call('POST', '/api/v1/contacts', { phoneNumber: '+12025550301' }), 409, 'CONTACT_EXISTS');
  });

  it('answers 400 with { error, code } for bad input, never a 500', async () => {
    for (const payload of [
      {},
      { phoneNumber: 'not a number' },
      { phoneNumber: '+12025550103', customFields: { shoe: '42' } },
      { phoneNumber: '+12025550103', timeZone: 'Mars/Olympus' },
      { phoneNumber: '+12025550103', optedOut: true },
      { phoneNumber: '+12025550103', tags: ['a,b'] },
    ]) {
      expectErrorBody(await call('POST', '/api/v1/contacts', payload), 400);
    }
    expectErrorBody(await call('GET', '/api/v1/contacts/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', '/api/v1/contacts?limit=1000'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', '/api/v1/contacts?optedOut=maybe'), 400, 'VALIDATION_FAILED');
    expectErrorBody(await call('GET', '/api/v1/contacts?cursor=garbage'), 400);
    expectErrorBody(
      await call('POST', '/api/v1/contacts', { phoneNumber: '+12025550103', listIds: [UNKNOWN_ID] }),
      404,
    );
  });

  it('needs contacts:read to read and contacts:write to change', async () => {
    expect((await call('GET', '/api/v1/contacts', undefined, readKey)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/contact-lists', undefined, readKey)).statusCode).toBe(200);
    const refused = expectErrorBody(
      await call('POST', '/api/v1/contacts', { phoneNumber: '+12025550104' }, readKey),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect(refused.error).toContain('contacts:write');
    const sendOnly = await newKey(admin, ['messages:send']);
    expect(expectErrorBody(await call('GET', '/api/v1/tags', undefined, sendOnly), 403).error).toContain(
      'contacts:read',
    );
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/contacts' }), 401);
  });

  it('never shows or changes another workspace’s contacts (404)', async () => {
    const mine = await create({ phoneNumber: '+12025550105' });
    for (const [method, url, payload] of [
      ['GET', `/api/v1/contacts/${mine.id}`],
      ['PATCH', `/api/v1/contacts/${mine.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/v1/contacts/${mine.id}`],
      ['POST', `/api/v1/contacts/${mine.id}/opt-out`],
    ] as const) {
      expectErrorBody(await call(method, url, payload, strangerKey), 404, 'NOT_FOUND');
    }
    const theirs = await call('GET', '/api/v1/contacts', undefined, strangerKey);
    expect(theirs.json<ApiContactsResponse>().contacts).toEqual([]);
    expectErrorBody(await call('GET', `/api/v1/contacts?listId=${listId}`, undefined, strangerKey), 404);
    expect((await call('GET', `/api/v1/contacts/${mine.id}`)).json<ApiContactDetailResponse>().contact.name).toBeNull();
  });

  it('changes only the fields given and deletes a contact without history', async () => {
    const contact = await create({ phoneNumber: '+12025550106', name: 'Bo', tags: ['a'] });
    const patched = await call('PATCH', `/api/v1/contacts/${contact.id}`, { tags: ['b', 'c'], listIds: [listId] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<ApiContactResponse>().contact).toMatchObject({ name: 'Bo', tags: ['b', 'c'], lists: [listId] });
    expectErrorBody(await call('PATCH', `/api/v1/contacts/${contact.id}`, { phoneNumber: '+12025550199' }), 400);
    const deleted = await call('DELETE', `/api/v1/contacts/${contact.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectErrorBody(await call('GET', `/api/v1/contacts/${contact.id}`), 404, 'NOT_FOUND');
    expectErrorBody(await call('DELETE', `/api/v1/contacts/${UNKNOWN_ID}`), 404, 'NOT_FOUND');
  });

  it('opts out with the source api, refuses sends to that number, keeps the contact, then opts in', async () => {
    const contact = await create({ phoneNumber: '+12025550107' });
    const out = await call('POST', `/api/v1/contacts/${contact.id}/opt-out`);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<ApiContactResponse>().contact).toMatchObject({ optedOut: true, optedOutAt: expect.any(String) });
    expectErrorBody(
      await call('POST', '/api/v1/messages', { to: '+12025550107', body: 'Hello' }),
      409,
      'CONTACT_OPTED_OUT',
    );
    expectErrorBody(await call('DELETE', `/api/v1/contacts/${contact.id}`), 409, 'CONTACT_HAS_HISTORY');
    const optedOut = await call('GET', '/api/v1/contacts?optedOut=true');
    expect(optedOut.json<ApiContactsResponse>().contacts.map((c) => c.id)).toEqual([contact.id]);

    const back = await call('POST', `/api/v1/contacts/${contact.id}/opt-in`);
    expect(back.json<ApiContactResponse>().contact).toMatchObject({ optedOut: false, optedOutAt: null });
    const { consent } = (await call('GET', `/api/v1/contacts/${contact.id}`)).json<ApiContactDetailResponse>();
    expect(consent.map(({ optedOut, source }) => ({ optedOut, source }))).toEqual([
      { optedOut: false, source: 'api' },
      { optedOut: true, source: 'api' },
    ]);
    const sent = await call('POST', '/api/v1/messages', { to: '+12025550107', body: 'Welcome back' });
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it('pages newest first with a next link that keeps the filters', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await create({ phoneNumber: `+1202555020${i}`, tags: ['paged'] }));
    const seen: string[] = [];
    let url: string | null = '/api/v1/contacts?tag=paged&limit=2';
    while (url) {
      const response = await call('GET', url);
      expect(response.statusCode, response.body).toBe(200);
      const page: ApiContactsResponse = response.json<ApiContactsResponse>();
      if (page.next) expect(page.next).toContain('tag=paged');
      seen.push(...page.contacts.map((c) => c.id));
      url = page.next;
    }
    expect(seen).toEqual(made.map((c) => c.id).reverse());
    const found = await call('GET', '/api/v1/contacts?search=5550203');
    expect(found.json<ApiContactsResponse>().contacts.map((c) => c.id)).toEqual([made[3]!.id]);
  });

  it('lists the workspace’s lists and tags', async () => {
    const lists = (await call('GET', '/api/v1/contact-lists')).json<ApiContactListsResponse>().lists;
    expect(lists).toEqual([expect.objectContaining({ id: listId, name: 'VIP' })]);
    const tags = await call('GET', '/api/v1/tags');
    expect(tags.json<{ tags: Array<{ tag: string; count: number }> }>().tags).toContainEqual({
      tag: 'paged',
      count: 5,
    });
  });
});
