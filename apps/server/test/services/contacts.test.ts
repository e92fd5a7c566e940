import { type Readable } from 'node:stream';
import {
  ContactFieldsBodySchema,
  ContactListBodySchema,
  CreateContactBodySchema,
  MAX_CUSTOM_FIELDS,
  UpdateContactBodySchema,
  type UpdateContactBody,
} from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsAsAdmin, numbersFrom } from '../helpers/contact-fixtures.js';
import { servicesWithWorkspace, type TestServices } from '../helpers/test-services.js';

/** This file's numbers. */
const numberOf = numbersFrom(2000);

describe('the contact book: contacts, consent, custom fields, lists, export', () => {
  let t: TestServices;
  let workspaceId: string;
  let userId: string;
  let sandboxId: string;

  beforeAll(async () => {
    ({ t, workspaceId, userId, sandboxId } = await servicesWithWorkspace('Owner Name'));
  });
  afterAll(() => t.close());

  const { admin, create } = contactsAsAdmin(numberOf, () => ({ t, workspaceId, userId }));
  const update = (id: string, body: UpdateContactBody) =>
    t.services.contacts.update(workspaceId, id, UpdateContactBodySchema.parse(body), admin());
  const setFields = (keys: string[]) =>
    t.services.contacts.fields.replace(
      workspaceId,
      ContactFieldsBodySchema.parse({ fields: keys.map((key) => ({ key })) }).fields.map((f) => f.key),
    );

  describe('contacts', () => {
    it('adds a contact in E.164, trimmed and deduplicated, and refuses a number it already has', async () => {
      const contact = await create({ phoneNumber: '0044 20 7946 0958', name: '  Ada  ', tags: ['a', ' a', 'b'] });
      expect(contact).toMatchObject({
        phoneNumber: '+442079460958',
        name: 'Ada',
        tags: ['a', 'b'],
        lastMessageAt: null,
      });
      await expect(create({ phoneNumber: '+44 20 7946 0958' })).rejects.toMatchObject({ code: 'CONTACT_EXISTS' });
      await expect(create({ phoneNumber: '2079460958' })).rejects.toMatchObject({ code: 'INVALID_PHONE_NUMBER' });
    });

    it('is the same row a conversation made, with its last message time', async () => {
      const number = numberOf(500);
      await t.receive(sandboxId, number, 'first text');
      const existing = await t.services.contacts.findByNumber(workspaceId, number);
      const { contact } = await t.services.contacts.get(workspaceId, existing!.id);
      expect(contact.lastMessageAt).not.toBeNull();
      await expect(create({ phoneNumber: number })).rejects.toMatchObject({ code: 'CONTACT_EXISTS' });

      // A reply moves it on; a send refused to an opted-out contact does not.
      const before = contact.lastMessageAt!;
      await t.services.messaging.queue({
        workspaceId,
        networkId: sandboxId,
        to: number,
        body: 'reply',
        origin: 'reply',
      });
      const replied = (await t.services.contacts.get(workspaceId, contact.id)).contact.lastMessageAt!;
      expect(replied > before).toBe(true);
      await update(contact.id, { optedOut: true });
      await expect(
        t.services.messaging.queue({ workspaceId, networkId: sandboxId, to: number, body: 'no', origin: 'reply' }),
      ).rejects.toMatchObject({ code: 'CONTACT_OPTED_OUT' });
      expect((await t.services.contacts.get(workspaceId, contact.id)).contact.lastMessageAt).toBe(replied);
    });

    it('updates only the fields given, and time zones by their IANA names', async () => {
      const contact = await create({ name: 'Before', tags: ['keep'], timeZone: 'Europe/Berlin' });
      const renamed = await update(contact.id, { name: 'After' });
      expect(renamed).toMatchObject({ name: 'After', tags: ['keep'], timeZone: 'Europe/Berlin' });
      expect(renamed.updatedAt >= contact.updatedAt).toBe(true);
      expect((await update(contact.id, { timeZone: null, name: '' })).timeZone).toBeNull();
      expect(() => UpdateContactBodySchema.parse({ timeZone: 'Mars/Olympus' })).toThrow();
      expect(() => UpdateContactBodySchema.parse({ tags: ['a,b'] })).toThrow();
      expect(() => UpdateContactBodySchema.parse({ phoneNumber: '+12025550100' })).toThrow();
    });

    it('deletes a contact with no history, and keeps one with conversations or an opt-out', async () => {
      const plain = await create();
      await t.services.contacts.remove(workspaceId, plain.id);
      await expect(t.services.contacts.get(workspaceId, plain.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(t.services.contacts.remove(workspaceId, plain.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });

      const quitter = await create({ optedOut: true });
      await expect(t.services.contacts.remove(workspaceId, quitter.id)).rejects.toMatchObject({
        code: 'CONTACT_HAS_HISTORY',
      });
      await t.receive(sandboxId, numberOf(501), 'hello');
      const talker = await t.services.contacts.findByNumber(workspaceId, numberOf(501));
      await expect(t.services.contacts.remove(workspaceId, talker!.id)).rejects.toMatchObject({
        code: 'CONTACT_HAS_HISTORY',
      });
    });

    it('keeps contacts to their workspace', async () => {
      const other = await t.workspace('Other');
      const mine = await create({ name: 'Mine' });
      const theirs = { source: 'admin' as const, userId: other.userId };
      await expect(t.services.contacts.get(other.workspaceId, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(
        t.services.contacts.update(other.workspaceId, mine.id, { name: 'Stolen' }, theirs),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(t.services.contacts.remove(other.workspaceId, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      // The same number is a separate contact in another workspace.
      const twin = await t.services.contacts.create(
        other.workspaceId,
        CreateContactBodySchema.parse({ phoneNumber: mine.phoneNumber }),
        theirs,
      );
      expect(twin.id).not.toBe(mine.id);
    });
  });

  describe('consent history', () => {
    it('records every opt-out and opt-in with its source: keyword, admin, API; newest first', async () => {
      const number = numberOf(600);
      const stop = await t.receive(sandboxId, number, 'STOP');
      const contact = (await t.services.contacts.findByNumber(workspaceId, number))!;
      await update(contact.id, { optedOut: true }); // already out: nothing to record
      await update(contact.id, { optedOut: false });
      await t.db.transaction((tx) =>
        t.services.contacts.setOptedOut(workspaceId, contact.id, true, { source: 'api' }, tx),
      );
      const { consent, contact: shown } = await t.services.contacts.get(workspaceId, contact.id);
      expect(shown.optedOutAt).not.toBeNull();
      expect(consent.map((e) => [e.source, e.optedOut])).toEqual([
        ['api', true],
        ['admin', false],
        ['keyword', true],
      ]);
      expect(consent[1]).toMatchObject({ userId, userName: 'Owner Name', messageId: null });
      expect(consent[2]).toMatchObject({ messageId: stop.messageId, userId: null, userName: null });
    });

    it('records START as a keyword opt-in, and an admin opt-out made when adding a contact', async () => {
      const number = numberOf(601);
      await t.receive(sandboxId, number, 'STOP');
      const start = await t.receive(sandboxId, number, 'start');
      const contact = (await t.services.contacts.findByNumber(workspaceId, number))!;
      const { consent } = await t.services.contacts.get(workspaceId, contact.id);
      expect(consent[0]).toMatchObject({ source: 'keyword', optedOut: false, messageId: start.messageId });

      const added = await create({ optedOut: true });
      expect((await t.services.contacts.get(workspaceId, added.id)).consent).toMatchObject([
        { source: 'admin', optedOut: true, userId },
      ]);
    });
  });

  describe('custom fields', () => {
    it('stores the workspace’s keys in order, at most 20, no duplicates or reserved names', async () => {
      expect(await setFields(['city', 'company'])).toEqual([{ key: 'city' }, { key: 'company' }]);
      expect(await t.services.contacts.fields.list(workspaceId)).toEqual([{ key: 'city' }, { key: 'company' }]);
      const many = Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => ({ key: `f${i}` }));
      expect(ContactFieldsBodySchema.safeParse({ fields: many }).success).toBe(false);
      expect(ContactFieldsBodySchema.safeParse({ fields: many.slice(0, MAX_CUSTOM_FIELDS) }).success).toBe(true);
      for (const fields of [[{ key: 'a' }, { key: 'a' }], [{ key: 'name' }], [{ key: 'Has Space' }], [{ key: '1st' }]])
        expect(ContactFieldsBodySchema.safeParse({ fields }).success, JSON.stringify(fields)).toBe(false);
    });

    it('accepts values for the workspace’s keys only; an empty value removes one', async () => {
      await setFields(['city', 'company']);
      const contact = await create({ customFields: { city: ' Paris ', company: 'ACME' } });
      expect(contact.customFields).toEqual({ city: 'Paris', company: 'ACME' });
      expect((await update(contact.id, { customFields: { company: '' } })).customFields).toEqual({ city: 'Paris' });
      expect((await update(contact.id, { customFields: { city: null } })).customFields).toEqual({});
      await expect(update(contact.id, { customFields: { shoe_size: '42' } })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'body.customFields.shoe_size' }],
      });
      await expect(create({ customFields: { shoe_size: '42' } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(() => UpdateContactBodySchema.parse({ customFields: { city: 'x'.repeat(501) } })).toThrow();
    });

    it('removes a dropped key’s values from every contact', async () => {
      await setFields(['city', 'company']);
      const contact = await create({ customFields: { city: 'Rome', company: 'Vespa' } });
      await setFields(['company']);
      expect((await t.services.contacts.get(workspaceId, contact.id)).contact.customFields).toEqual({
        company: 'Vespa',
      });
      await setFields(['company', 'city']);
      expect((await t.services.contacts.get(workspaceId, contact.id)).contact.customFields).toEqual({
        company: 'Vespa',
      });
    });
  });

  describe('lists and tags', () => {
    it('names lists uniquely (any case), counts members, and keeps contacts when a list goes', async () => {
      const lists = t.services.contacts.lists;
      const name = (value: string) => ContactListBodySchema.parse({ name: value }).name;
      const vip = await lists.create(workspaceId, name('  VIP  '));
      expect(vip).toMatchObject({ name: 'VIP', memberCount: 0 });
      await expect(lists.create(workspaceId, name('vip'))).rejects.toMatchObject({ code: 'CONTACT_LIST_NAME_TAKEN' });
      const other = await lists.create(workspaceId, name('Newsletter'));
      await expect(lists.rename(workspaceId, other.id, 'Vip')).rejects.toMatchObject({
        code: 'CONTACT_LIST_NAME_TAKEN',
      });
      expect(await lists.rename(workspaceId, other.id, 'News')).toMatchObject({ name: 'News' });

      const member = await create({ listIds: [vip.id, other.id] });
      expect(member.listIds.sort()).toEqual([vip.id, other.id].sort());
      expect((await update(member.id, { listIds: [other.id] })).listIds).toEqual([other.id]);
      const counts = Object.fromEntries((await lists.list(workspaceId)).map((l) => [l.name, l.memberCount]));
      expect(counts).toMatchObject({ VIP: 0, News: 1 });

      await lists.remove(workspaceId, other.id);
      expect((await t.services.contacts.get(workspaceId, member.id)).contact.listIds).toEqual([]);
      await expect(lists.remove(workspaceId, other.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const foreign = await t.workspace('Foreign');
      const theirs = await lists.create(foreign.workspaceId, 'Theirs');
      await expect(update(member.id, { listIds: [theirs.id] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(lists.rename(workspaceId, theirs.id, 'Mine now')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('counts tags in use, most used first', async () => {
      await create({ tags: ['tag-count-a', 'tag-count-b'] });
      await create({ tags: ['tag-count-a'] });
      const tags = (await t.services.contacts.tags(workspaceId)).filter((t) => t.tag.startsWith('tag-count'));
      expect(tags).toEqual([
        { tag: 'tag-count-a', count: 2 },
        { tag: 'tag-count-b', count: 1 },
      ]);
    });
  });

  describe('export', () => {
    const csvOf = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    };

    it('streams the filter as CSV with a column per custom field, formulas escaped', async () => {
      await setFields(['company']);
      const list = await t.services.contacts.lists.create(workspaceId, 'Export list');
      await create({ name: '=HYPERLINK("http://evil")', tags: ['export'], customFields: { company: '@SUM(A1)' } });
      await create({ name: 'Zed, "quoted"\nline', tags: ['export', '-minus'], listIds: [list.id] });
      await create({ name: 'Not exported', tags: ['elsewhere'] });
      const csv = await csvOf(
        await t.services.contacts.exportCsv(workspaceId, { filter: { tag: 'export' } }, { sort: 'name', order: 'asc' }),
      );
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.slice(1).split('\n');
      expect(lines[0]).toBe('phone_number,name,tags,lists,time_zone,opted_out_at,created_at,last_message_at,company');
      expect(lines[1]).toMatch(/^'\+1202555\d{4},"'=HYPERLINK\(""http:\/\/evil""\)",export,,,,[^,]+,,'@SUM\(A1\)$/);
      expect(csv).toContain(`"Zed, ""quoted""\nline","export, -minus",Export list,`);
      expect(csv).not.toContain('Not exported');
    });

    it('reads past its 1,000-row batches: every contact once', async () => {
      await t.db.execute(
        sql`insert into contacts (workspace_id, phone_number, tags)
          select ${workspaceId}::uuid, '+1303555' || lpad(i::text, 4, '0'), '{export-batches}'
          from generate_series(1, 1100) as i`,
      );
      const csv = await csvOf(
        await t.services.contacts.exportCsv(
          workspaceId,
          { filter: { tag: 'export-batches' } },
          { sort: 'created', order: 'desc' },
        ),
      );
      const numbers = csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(numbers).toHaveLength(1100);
      expect(new Set(numbers).size).toBe(1100);
    });
  });
});
