import type { Readable } from 'node:stream';
import {
  BulkContactBodySchema,
  ContactCountQuerySchema,
  ContactPageQuerySchema,
  CreateContactBodySchema,
  type BulkContactBody,
  type ContactEntry,
  type ContactPageQuery,
  type ContactPageResponse,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { and, contactScan, orderBy } from '../../src/modules/contacts/contact-query.js';
import { contactsAsAdmin, numbersFrom } from '../helpers/contact-fixtures.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

const streamText = async (stream: Readable) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

/** This file's numbers. */
const numberOf = numbersFrom(1000);

describe('the contact book: pages, filters and bulk actions', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;
  let other: { workspaceId: string };

  beforeAll(async () => {
    ({ t, workspaceId, userId, sandboxId } = await servicesWithWorkspace('Owner'));
    other = await t.workspace('Other');
    await t.services.contacts.fields.replace(workspaceId, ['city', 'plan']);
  });
  afterAll(() => t.close());

  const { admin, create } = contactsAsAdmin(numberOf, () => ({ t, workspaceId, userId }));
  /** GET /api/contacts as the route reads its query string. */
  const page = (query: ContactPageQuery = {}, workspace = workspaceId): Promise<ContactPageResponse> => {
    const { cursor, limit, sort, order, ...filter } = ContactPageQuerySchema.parse(query);
    return t.services.contacts.page(workspace, filter, { sort, order }, cursor, limit);
  };
  const ids = (contacts: ContactEntry[]) => contacts.map((c) => c.id);
  const count = (query: Record<string, string> = {}) =>
    t.services.contacts.count(workspaceId, ContactCountQuerySchema.parse(query));
  const bulk = (body: BulkContactBody, workspace = workspaceId) =>
    t.services.contacts.bulk(workspace, BulkContactBodySchema.parse(body));

  /** Every page of a listing, following the cursors; `between` runs after each page. */
  async function allPages(query: ContactPageQuery, between?: () => Promise<void>): Promise<ContactEntry[]> {
    const rows: ContactEntry[] = [];
    let cursor: string | undefined;
    do {
      const result = await page({ ...query, cursor });
      rows.push(...result.contacts);
      // A cursor that never reaches the end fails the test instead of hanging it.
      if (rows.length > 2000) throw new Error('The pages never end.');
      cursor = result.nextCursor ?? undefined;
      await between?.();
    } while (cursor);
    return rows;
  }

  describe('keyset pages', () => {
    beforeAll(async () => {
      // Ties on every key: names repeated (and in other cases), no names, one creation instant
      // for many rows, never-messaged contacts, and some with messages.
      const names = ['Sam', 'sam', 'SAM', 'Ann', null, null, 'Zoë', 'bob', 'Ann', 'émile'];
      for (const name of names) await create({ name });
      await t.db.execute(
        sql`insert into contacts (workspace_id, phone_number, name)
          select ${workspaceId}::uuid, '+1202556' || lpad(i::text, 4, '0'), case when i % 3 = 0 then null else 'Tie' end
          from generate_series(1, 12) as i`,
      );
      for (let i = 0; i < 4; i++) await t.receive(sandboxId, numberOf(200 + i), `hello ${i}`);
    });

    for (const sort of ['created', 'name', 'lastMessage'] as const)
      for (const order of ['asc', 'desc'] as const)
        it(`pages by ${sort} ${order}: every contact exactly once, in one order, while contacts are added`, async () => {
          const before = ids((await page({ sort, order, limit: 200 })).contacts);
          const paged = await allPages({ sort, order, limit: 4 }, async () => {
            await create({ name: 'Added meanwhile' });
          });
          expect(new Set(ids(paged)).size).toBe(paged.length);
          const seen = new Set(ids(paged));
          expect(before.filter((id) => !seen.has(id))).toEqual([]);
          // The pages read as one list: the same order as one big page read afterwards.
          const after = ids((await page({ sort, order, limit: 200 })).contacts);
          expect(ids(paged)).toEqual(after.filter((id) => seen.has(id)));
        });

    it('orders names case-insensitively, unnamed contacts by their number; never-messaged last when newest first', async () => {
      const byName = (await page({ sort: 'name', order: 'asc', limit: 200 })).contacts;
      const keys = byName.map((c) => (c.name ?? c.phoneNumber).toLowerCase());
      const sams = keys.filter((key) => key === 'sam');
      expect(sams).toHaveLength(3);
      expect(keys.indexOf('sam') + 2).toBe(keys.lastIndexOf('sam'));
      const unnamed = byName.filter((c) => c.name === null);
      expect(byName.indexOf(unnamed.at(-1)!)).toBeLessThan(byName.findIndex((c) => c.name === 'Ann'));

      const recent = (await page({ sort: 'lastMessage', order: 'desc', limit: 200 })).contacts;
      const messaged = recent.filter((c) => c.lastMessageAt !== null);
      expect(messaged.length).toBeGreaterThanOrEqual(4);
      expect(recent.slice(0, messaged.length)).toEqual(messaged);
      expect(messaged[0]!.phoneNumber).toBe(numberOf(203));
    });

    it('refuses a cursor of another order, or one it did not give out', async () => {
      const { nextCursor } = await page({ sort: 'name', limit: 1 });
      await expect(page({ sort: 'created', cursor: nextCursor! })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(page({ sort: 'name', order: 'asc', cursor: nextCursor! })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      for (const cursor of ['x', Buffer.from('["name","desc","a","not-a-uuid"]').toString('base64url')])
        await expect(page({ sort: 'name', cursor })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('filters', () => {
    let tagged: ContactEntry;
    let listId: string;

    beforeAll(async () => {
      listId = (await t.services.contacts.lists.create(workspaceId, 'Filters')).id;
      tagged = await create({
        name: 'Filter Target',
        tags: ['filter-vip'],
        customFields: { city: 'Lyon' },
        listIds: [listId],
      });
      await create({ name: 'Filter Other', tags: ['filter-other'], customFields: { city: 'lyon', plan: 'gold' } });
      await create({ name: 'Filter Out', optedOut: true, tags: ['filter-vip'] });
    });

    it('by tag, list, custom field (exact value), opt-out, search and their combination', async () => {
      const names = async (query: ContactPageQuery) =>
        (await page({ ...query, limit: 200 })).contacts.map((c) => c.name);
      expect(await names({ tag: 'filter-vip' })).toEqual(expect.arrayContaining(['Filter Target', 'Filter Out']));
      expect(await names({ tag: 'filter-vip' })).toHaveLength(2);
      expect(await names({ listId })).toEqual(['Filter Target']);
      expect(await names({ fieldKey: 'city', fieldValue: 'Lyon' })).toEqual(['Filter Target']);
      expect(await names({ fieldKey: 'plan', fieldValue: 'gold' })).toEqual(['Filter Other']);
      expect(await names({ tag: 'filter-vip', optedOut: 'true' })).toEqual(['Filter Out']);
      expect(await names({ tag: 'filter-vip', optedOut: 'false' })).toEqual(['Filter Target']);
      expect(await names({ q: 'filter t' })).toEqual(['Filter Target']);
      expect(await names({ q: 'FILTER', tag: 'filter-other' })).toEqual(['Filter Other']);
      expect(await names({ q: tagged.phoneNumber.slice(-7).replace(/(\d{3})/, '$1 ') })).toEqual(['Filter Target']);
      expect(await names({ q: 'Filter%_' })).toEqual([]);
      expect(await count({ tag: 'filter-vip' })).toBe(2);
      expect(await count({ listId, optedOut: 'false' })).toBe(1);
    });

    it('refuses a field the workspace does not have, and another workspace’s list', async () => {
      await expect(page({ fieldKey: 'shoe_size', fieldValue: '42' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      const foreign = await t.services.contacts.lists.create(other.workspaceId, 'Theirs');
      await expect(page({ listId: foreign.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(() => ContactPageQuerySchema.parse({ fieldKey: 'city' })).toThrow();
    });

    it('never shows another workspace’s contacts', async () => {
      await t.services.contacts.create(
        other.workspaceId,
        CreateContactBodySchema.parse({ phoneNumber: numberOf(900), name: 'Theirs' }),
        admin(),
      );
      expect((await page({ q: 'Theirs' })).contacts).toEqual([]);
      expect((await page({ q: 'Filter' }, other.workspaceId)).contacts).toEqual([]);
    });
  });

  describe('a list’s pages in the creation order (read from the list’s own index)', () => {
    let listId: string;
    const tag = 'listed-vip';

    beforeAll(async () => {
      listId = (await t.services.contacts.lists.create(workspaceId, 'Paged list')).id;
      // Members added by every path that adds them: a new contact's lists, a contact's lists
      // changed, a bulk "add to list" (the import's is in contact-imports.test.ts); contacts
      // not on the list in between. Ties: twelve contacts created at one instant.
      const joinsLater = await create({ name: 'Listed joins later' });
      for (let i = 0; i < 5; i++)
        await create({ name: `Listed new ${i}`, tags: i % 2 ? [tag] : [], listIds: [listId] });
      for (let i = 0; i < 3; i++) await create({ name: `Listed never ${i}`, tags: [tag] });
      await t.services.contacts.update(workspaceId, joinsLater.id, { listIds: [listId] }, admin());
      await t.db.execute(
        sql`insert into contacts (workspace_id, phone_number, name, tags, created_at)
          select ${workspaceId}::uuid, '+1202557' || lpad(i::text, 4, '0'), 'Listed tie ' || i,
            case when i % 3 = 0 then array[${tag}, 'listed-bulk'] else array['listed-bulk'] end,
            case when i <= 12 then '2026-03-01T10:00:00Z'::timestamptz else '2026-03-01T10:00:00Z'::timestamptz - i * interval '1 second' end
          from generate_series(1, 16) as i`,
      );
      await bulk({ action: 'addToList', listId, selection: { filter: { tag: 'listed-bulk', q: 'Listed tie' } } });
    });

    /** The expected rows: every contact of the workspace in the order, filtered here. */
    async function expected(query: ContactPageQuery): Promise<string[]> {
      const { listId: list, ...rest } = query;
      const all = await allPages({ ...rest, limit: 100 });
      return ids(all.filter((c) => c.listIds.includes(list!)));
    }

    for (const order of ['desc', 'asc'] as const)
      it(`pages ${order === 'desc' ? 'newest' : 'oldest'} first: exactly the members, in the contacts’ order, alone or with a tag or a search`, async () => {
        for (const filter of [{}, { tag }, { q: 'listed t' }, { tag, optedOut: 'false' as const }]) {
          const query = { ...filter, listId, sort: 'created' as const, order };
          const want = await expected(query);
          expect(want.length).toBeGreaterThan(2);
          expect(ids(await allPages({ ...query, limit: 3 }))).toEqual(want);
          expect(ids((await page({ ...query, limit: 200 })).contacts)).toEqual(want);
        }
        expect(await expected({ listId, sort: 'created', order })).toHaveLength(22);
      });

    it('takes the cursor of the contacts’ pages, and gives one they take', async () => {
      const listed = { listId, sort: 'created' as const, order: 'desc' as const };
      const first = await page({ ...listed, limit: 4 });
      const next = await page({ ...listed, limit: 4, cursor: first.nextCursor! });
      const everyone = await page({ sort: 'created', order: 'desc', limit: 200, cursor: first.nextCursor! });
      expect(ids(next.contacts)).toEqual(ids(everyone.contacts.filter((c) => c.listIds.includes(listId))).slice(0, 4));
      await expect(page({ ...listed, sort: 'name', cursor: first.nextCursor! })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });

    it('exports a list in the creation order as the pages show it', async () => {
      const csv = await streamText(
        await t.services.contacts.exportCsv(workspaceId, { filter: { listId } }, { sort: 'created', order: 'asc' }),
      );
      const numbers = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]!.replace(/^'/, ''));
      const want = (await page({ listId, sort: 'created', order: 'asc', limit: 200 })).contacts;
      expect(numbers).toEqual(want.map((c) => c.phoneNumber));
    });

    it('reads a list’s page in either direction from the list’s index, without sorting the list', async () => {
      for (const order of ['desc', 'asc'] as const) {
        const scan = contactScan(workspaceId, { listId }, { sort: 'created', order });
        // On a table this small the planner would sort anyway: only an index in the page's order
        // lets it avoid the sort when sorting is ruled out.
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_sort = off`);
          const rows = await queryRows<{ 'QUERY PLAN': string }>(
            tx,
            sql`explain select c.id from ${scan.from} where ${and(scan.where)}
              order by ${orderBy({ sort: 'created', order }, scan)} limit 51`,
          );
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('contact_list_members_list_created_idx');
        expect(plan).not.toMatch(/\bSort\b/);
      }
    });

    it('every membership carries its contact’s creation time', async () => {
      const [row] = await queryRows<{ members: number; wrong: number }>(
        t.db,
        sql`select count(*)::int as members,
            count(*) filter (where m.contact_created_at is distinct from c.created_at)::int as wrong
          from contact_list_members m join contacts c on c.id = m.contact_id where c.workspace_id = ${workspaceId}`,
      );
      expect(row!.members).toBeGreaterThanOrEqual(22);
      expect(row!.wrong).toBe(0);
    });
  });

  describe('bulk actions', () => {
    let group: ContactEntry[];
    const tag = 'bulk-group';

    beforeAll(async () => {
      group = [];
      for (let i = 0; i < 6; i++) group.push(await create({ name: `Bulk ${i}`, tags: [tag] }));
    });

    it('tags everything matching a filter except the deselected ones, and counts only changes', async () => {
      const body = (exceptIds: string[]): BulkContactBody => ({
        action: 'tag',
        tag: 'bulk-new',
        selection: { filter: { tag }, exceptIds },
      });
      expect(await bulk(body([group[0]!.id]))).toEqual({ affected: 5, skipped: 0 });
      expect(await bulk(body([]))).toEqual({ affected: 1, skipped: 0 });
      expect(await count({ tag: 'bulk-new' })).toBe(6);
      expect(
        await bulk({ action: 'untag', tag: 'bulk-new', selection: { ids: [group[1]!.id, group[2]!.id] } }),
      ).toEqual({
        affected: 2,
        skipped: 0,
      });
      expect(await count({ tag: 'bulk-new' })).toBe(4);
    });

    it('tells open contact books once per bulk action that changed something (contacts.changed)', async () => {
      const before = t.events.of(workspaceId, 'contacts.changed').length;
      await bulk({ action: 'tag', tag: 'announced', selection: { ids: [group[0]!.id, group[1]!.id] } });
      expect(t.events.of(workspaceId, 'contacts.changed').slice(before)).toEqual([{ cause: 'bulk' }]);
      // Nothing changed (already tagged): nothing to tell.
      await bulk({ action: 'tag', tag: 'announced', selection: { ids: [group[0]!.id] } });
      expect(t.events.of(workspaceId, 'contacts.changed')).toHaveLength(before + 1);
      expect(t.events.of(other.workspaceId, 'contacts.changed')).toEqual([]);
    });

    it('adds to and removes from a list by ids or by filter; the list counts its members', async () => {
      const list = await t.services.contacts.lists.create(workspaceId, 'Bulk list');
      expect(await bulk({ action: 'addToList', listId: list.id, selection: { ids: [group[0]!.id] } })).toMatchObject({
        affected: 1,
      });
      expect(await bulk({ action: 'addToList', listId: list.id, selection: { filter: { tag } } })).toMatchObject({
        affected: 5,
      });
      const counted = async () => (await t.services.contacts.lists.list(workspaceId)).find((l) => l.id === list.id)!;
      expect((await counted()).memberCount).toBe(6);
      expect(
        await bulk({ action: 'removeFromList', listId: list.id, selection: { filter: { tag, q: 'Bulk 5' } } }),
      ).toMatchObject({ affected: 1 });
      expect((await counted()).memberCount).toBe(5);
      expect((await page({ listId: list.id, limit: 200 })).contacts).toHaveLength(5);
    });

    it('leaves another workspace’s contacts and lists alone', async () => {
      expect(
        await bulk({ action: 'tag', tag: 'intruder', selection: { ids: [group[0]!.id] } }, other.workspaceId),
      ).toEqual({
        affected: 0,
        skipped: 0,
      });
      const theirs = await t.services.contacts.lists.create(other.workspaceId, 'Not yours');
      await expect(
        bulk({ action: 'addToList', listId: theirs.id, selection: { ids: [group[0]!.id] } }),
      ).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(await count({ tag: 'intruder' })).toBe(0);
    });

    it('deletes by filter, keeping contacts with conversations or an opt-out on record', async () => {
      const talker = await create({ name: 'Bulk talker', tags: ['bulk-delete'] });
      await t.receive(sandboxId, talker.phoneNumber, 'hi');
      await create({ name: 'Bulk quitter', tags: ['bulk-delete'], optedOut: true });
      for (let i = 0; i < 3; i++) await create({ tags: ['bulk-delete'] });
      expect(await bulk({ action: 'delete', selection: { filter: { tag: 'bulk-delete' } } })).toEqual({
        affected: 3,
        skipped: 2,
      });
      expect((await page({ tag: 'bulk-delete' })).contacts.map((c) => c.name).sort()).toEqual([
        'Bulk quitter',
        'Bulk talker',
      ]);
    });
  });
});
