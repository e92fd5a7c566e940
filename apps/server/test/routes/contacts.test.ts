import type {
  BulkContactResponse,
  ContactDetailResponse,
  ContactList,
  ContactPageResponse,
  ContactResponse,
} from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// The rules (orders and cursors, filters, bulk actions, consent history, custom fields, lists,
// the export's content) are tested in test/services/contacts.test.ts and contact-pages.test.ts;
// here: what the routes answer, validation, roles, isolation and the export's headers.
describe('the contacts API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let mine: ContactResponse['contact'];
  let theirs: ContactResponse['contact'];
  let theirList: ContactList;

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'contacts'));
    mine = (await create({ phoneNumber: '+14155550101', name: 'Mine' })).json<ContactResponse>().contact;
    theirs = (await create({ phoneNumber: '+14155550101', name: 'Theirs' }, stranger)).json<ContactResponse>().contact;
    theirList = (await call(stranger, 'POST', '/api/contact-lists', { name: 'Theirs' })).json<{ list: ContactList }>()
      .list;
  });
  afterAll(() => t.close());

  const call = (who: SignedIn, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: who.authorization, payload: payload as object });
  const create = (body: object, who = admin) => call(who, 'POST', '/api/contacts', body);

  it('answers a new contact with 201, a second one of the number with 409, and reads it with its consent', async () => {
    const created = await create({ phoneNumber: '+1 415 555 0102', name: 'Lee', tags: ['vip'], optedOut: true });
    expect(created.statusCode, created.body).toBe(201);
    const { contact } = created.json<ContactResponse>();
    expect(contact).toMatchObject({ phoneNumber: '+14155550102', name: 'Lee', tags: ['vip'], listIds: [] });
    expectErrorBody(await create({ phoneNumber: '+14155550102' }), 409, 'CONTACT_EXISTS');

    const read = await call(admin, 'GET', `/api/contacts/${contact.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<ContactDetailResponse>().consent).toMatchObject([
      { source: 'admin', optedOut: true, userId: admin.userData.id, userName: 'Owner' },
    ]);
    expectErrorBody(await call(admin, 'DELETE', `/api/contacts/${contact.id}`), 409, 'CONTACT_HAS_HISTORY');
  });

  it('answers 400 with the failing fields for bad input, never a 500', async () => {
    const cases: Array<[Method, string, unknown?]> = [
      ['POST', '/api/contacts', { phoneNumber: '' }],
      ['POST', '/api/contacts', { phoneNumber: '+14155550103', tags: ['a,b'] }],
      ['POST', '/api/contacts', { phoneNumber: '+14155550103', timeZone: 'Nowhere/City' }],
      ['POST', '/api/contacts', { phoneNumber: '+14155550103', customFields: { unknown_key: 'x' } }],
      ['POST', '/api/contacts', { phoneNumber: '+14155550103', surprise: true }],
      ['PATCH', `/api/contacts/${mine.id}`, { phoneNumber: '+14155550199' }],
      ['PATCH', `/api/contacts/${mine.id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
      ['PATCH', '/api/contacts/not-a-uuid', { name: 'x' }],
      ['GET', '/api/contacts?sort=age'],
      ['GET', '/api/contacts?limit=1000'],
      ['GET', '/api/contacts?optedOut=maybe'],
      ['GET', '/api/contacts?fieldKey=city'],
      ['GET', '/api/contacts?fieldKey=city&fieldValue=Paris'],
      ['GET', '/api/contacts?cursor=garbage'],
      ['GET', '/api/contacts/export?order=sideways'],
      ['POST', '/api/contacts/bulk', { action: 'explode', selection: { ids: [mine.id] } }],
      ['POST', '/api/contacts/bulk', { action: 'tag', selection: { ids: [mine.id] } }],
      ['POST', '/api/contacts/bulk', { action: 'delete', selection: { ids: [] } }],
      ['POST', '/api/contacts/bulk', { action: 'delete', selection: { filter: { optedOut: 'yes' } } }],
      ['POST', '/api/contact-lists', { name: '  ' }],
      ['PUT', '/api/contact-fields', { fields: Array.from({ length: 21 }, (_, i) => ({ key: `f${i}` })) }],
      ['PUT', '/api/contact-fields', { fields: [{ key: 'number' }] }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await call(admin, method, url, payload);
      const body = expectErrorBody(response, 400);
      expect(['VALIDATION_FAILED', 'INVALID_PHONE_NUMBER'], `${method} ${url}`).toContain(body.code);
      if (body.code === 'VALIDATION_FAILED') expect(body.fields?.length, `${method} ${url}`).toBeGreaterThan(0);
    }
  });

  it('pages with the cursor in the query string', async () => {
    for (let i = 0; i < 3; i++) await create({ phoneNumber: `+1415555011${i}`, tags: ['paged'] });
    const first = (
      await call(admin, 'GET', '/api/contacts?tag=paged&limit=2&sort=name&order=asc')
    ).json<ContactPageResponse>();
    expect(first.contacts).toHaveLength(2);
    const url = `/api/contacts?tag=paged&limit=2&sort=name&order=asc&cursor=${encodeURIComponent(first.nextCursor!)}`;
    const second = (await call(admin, 'GET', url)).json<ContactPageResponse>();
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.contacts.map((c) => c.phoneNumber)).toEqual(['+14155550112']);
    expect((await call(admin, 'GET', '/api/contacts/count?tag=paged')).json()).toEqual({ count: 3 });
  });

  it('streams the export as a CSV attachment', async () => {
    await create({ phoneNumber: '+14155550120', name: '=1+1', tags: ['exported'] });
    const response = await call(admin, 'GET', '/api/contacts/export?tag=exported');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^'\+14155550120,'=1\+1,exported,/);
  });

  it('exports only the rows ticked by hand (POST with ids), never another workspace’s', async () => {
    const a = (await create({ phoneNumber: '+14155550130', name: 'Ticked A' })).json<ContactResponse>().contact;
    await create({ phoneNumber: '+14155550131', name: 'Not ticked' });
    const c = (await create({ phoneNumber: '+14155550132', name: 'Ticked C' })).json<ContactResponse>().contact;
    const response = await call(admin, 'POST', '/api/contacts/export', {
      selection: { ids: [a.id, c.id, theirs.id] },
      sort: 'name',
      order: 'asc',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contacts-.*\.csv"$/);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1);
    expect(rows.map((row) => row.split(',').slice(0, 2).join(','))).toEqual([
      "'+14155550130,Ticked A",
      "'+14155550132,Ticked C",
    ]);

    const matching = await call(admin, 'POST', '/api/contacts/export', {
      selection: { filter: { q: 'Ticked' }, exceptIds: [a.id] },
    });
    expect(matching.body).toContain('Ticked C');
    expect(matching.body).not.toContain('Ticked A');
    expectErrorBody(
      await call(admin, 'POST', '/api/contacts/export', { selection: { ids: [] } }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorBody(
      await call(admin, 'POST', '/api/contacts/export', { selection: { filter: { listId: theirList.id } } }),
      404,
      'NOT_FOUND',
    );
  });

  it('shows the text that carried a keyword opt-out in the consent history', async () => {
    const { networks } = (await call(admin, 'GET', '/api/networks')).json<{
      networks: Array<{ id: string; kind: string }>;
    }>();
    const sandbox = networks.find((network) => network.kind === 'sandbox')!;
    const sent = await call(admin, 'POST', `/api/networks/${sandbox.id}/sandbox/messages`, {
      from: '+14155550140',
      body: 'Stop!',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const page = (await call(admin, 'GET', '/api/contacts?q=4155550140')).json<ContactPageResponse>();
    const detail = (await call(admin, 'GET', `/api/contacts/${page.contacts[0]!.id}`)).json<ContactDetailResponse>();
    expect(detail.consent).toMatchObject([{ source: 'keyword', optedOut: true, messageBody: 'Stop!' }]);
    expect(detail.consent[0]!.messageId).toEqual(expect.any(String));
  });

  it('answers a bulk action with the count it changed', async () => {
    const tagged = await call(admin, 'POST', '/api/contacts/bulk', {
      action: 'tag',
      tag: 'bulk-route',
      selection: { filter: { tag: 'paged' }, exceptIds: [] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json<BulkContactResponse>()).toEqual({ affected: 3, skipped: 0 });
  });

  it('manages lists, tags and custom field keys', async () => {
    const created = await call(admin, 'POST', '/api/contact-lists', { name: 'Regulars' });
    expect(created.statusCode, created.body).toBe(201);
    const { list } = created.json<{ list: ContactList }>();
    expectErrorBody(
      await call(admin, 'POST', '/api/contact-lists', { name: 'REGULARS' }),
      409,
      'CONTACT_LIST_NAME_TAKEN',
    );
    expect((await call(admin, 'PATCH', `/api/contact-lists/${list.id}`, { name: 'Locals' })).json()).toMatchObject({
      list: { name: 'Locals', memberCount: 0 },
    });
    expect((await call(admin, 'GET', '/api/contact-lists')).json<{ lists: ContactList[] }>().lists).toHaveLength(1);
    expect((await call(admin, 'DELETE', `/api/contact-lists/${list.id}`)).statusCode).toBe(204);

    const fields = await call(admin, 'PUT', '/api/contact-fields', { fields: [{ key: 'city' }] });
    expect(fields.json()).toEqual({ fields: [{ key: 'city' }] });
    expect((await call(admin, 'GET', '/api/contact-fields')).json()).toEqual({ fields: [{ key: 'city' }] });
    const patched = await call(admin, 'PATCH', `/api/contacts/${mine.id}`, { customFields: { city: 'Oslo' } });
    expect(patched.json<ContactResponse>().contact.customFields).toEqual({ city: 'Oslo' });
    expect((await call(admin, 'GET', '/api/contact-tags')).json()).toMatchObject({
      tags: expect.arrayContaining([{ tag: 'paged', count: 3 }]) as unknown,
    });
  });

  it('answers 404 for another workspace’s contacts and lists, and leaves them alone', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/contacts/${theirs.id}`],
      ['PATCH', `/api/contacts/${theirs.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/contacts/${theirs.id}`],
      ['PATCH', `/api/contacts/${mine.id}`, { listIds: [theirList.id] }],
      ['PATCH', `/api/contact-lists/${theirList.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/contact-lists/${theirList.id}`],
      ['GET', `/api/contacts?listId=${theirList.id}`],
      ['POST', '/api/contacts/bulk', { action: 'addToList', listId: theirList.id, selection: { ids: [mine.id] } }],
    ] as Array<[Method, string, unknown?]>)
      expectErrorBody(await call(admin, method, url, payload), 404, 'NOT_FOUND');
    const bulk = await call(admin, 'POST', '/api/contacts/bulk', { action: 'delete', selection: { ids: [theirs.id] } });
    expect(bulk.json<BulkContactResponse>()).toEqual({ affected: 0, skipped: 0 });
    const page = (await call(admin, 'GET', '/api/contacts?limit=200')).json<ContactPageResponse>();
    expect(page.contacts.map((c) => c.id)).not.toContain(theirs.id);
    const still = (await call(stranger, 'GET', `/api/contacts/${theirs.id}`)).json<ContactDetailResponse>();
    expect(still.contact.name).toBe('Theirs');
  });

  it('refuses editors (403) and anonymous callers (401) on every route', async () => {
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/api/contacts'],
      ['GET', '/api/contacts/count'],
      ['GET', '/api/contacts/export'],
      ['POST', '/api/contacts/export', { selection: { ids: [mine.id] } }],
      ['GET', `/api/contacts/${mine.id}`],
      ['POST', '/api/contacts', { phoneNumber: '+14155550150' }],
      ['PATCH', `/api/contacts/${mine.id}`, { name: 'x' }],
      ['DELETE', `/api/contacts/${mine.id}`],
      ['POST', '/api/contacts/bulk', { action: 'delete', selection: { ids: [mine.id] } }],
      ['GET', '/api/contact-lists'],
      ['POST', '/api/contact-lists', { name: 'x' }],
      ['GET', '/api/contact-tags'],
      ['GET', '/api/contact-fields'],
      ['PUT', '/api/contact-fields', { fields: [] }],
    ];
    for (const [method, url, payload] of routes) {
      expectErrorBody(await call(editor, method, url, payload), 403, 'FORBIDDEN');
      expectErrorBody(await t.app.inject({ method, url, payload: payload as object }), 401, 'UNAUTHENTICATED');
    }
    expect((await call(admin, 'GET', `/api/contacts/${mine.id}`)).json<ContactDetailResponse>().contact.name).toBe(
      'Mine',
    );
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; description?: string }> }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/contacts',
        '/api/contacts/count',
        '/api/contacts/export',
        '/api/contacts/bulk',
        '/api/contacts/{id}',
        '/api/contact-lists',
        '/api/contact-lists/{id}',
        '/api/contact-tags',
        '/api/contact-fields',
      ]),
    );
    const sort = doc.paths['/api/contacts']!.get!.parameters!.find((p) => p.name === 'sort');
    expect(sort?.description).toMatch(/lastMessage/);
  });
});
