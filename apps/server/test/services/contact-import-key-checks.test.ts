import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/database.js';
import {
  createContactImportBatchRepository,
  type ImportBatchOptions,
} from '../../src/modules/contacts/contact-import-batch.repository.js';
import { checkingKeysOncePerBatch } from '../../src/modules/contacts/contact-import-key-checks.js';
import { encodeContacts } from '../../src/modules/contacts/import-batches.js';
import type { ImportedContact } from '../../src/modules/contacts/import-mapping.js';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const withRowChecks = createContactImportBatchRepository();
const withKeysOnce = checkingKeysOncePerBatch(withRowChecks);

const imported = (phoneNumber: string, values: Partial<ImportedContact> = {}): ImportedContact => ({
  phoneNumber,
  name: null,
  tags: ['csv'],
  timeZone: null,
  customFields: {},
  ...values,
});

/** A new number, an existing one, an opted-out one and a member of the list already. */
const batch = encodeContacts([
  imported('+12025550201', { name: 'New', customFields: { city: 'Paris' } }),
  imported('+12025550202', { name: 'Renamed', tags: ['csv', 'new'] }),
  imported('+12025550203', { name: 'Still out' }),
  imported('+12025550204', { timeZone: 'Europe/Berlin' }),
]);

describe('an import batch with its keys checked once', () => {
  let t: TestServices;

  beforeAll(async () => {
    t = await createTestServices({ start: false });
  });
  afterAll(() => t.close());

  /** A workspace with a list and three contacts the batch meets (one opted out, one listed). */
  async function book(name: string) {
    const { workspaceId, userId } = await t.workspace(name);
    await t.services.contacts.fields.replace(workspaceId, ['city']);
    const list = await t.services.contacts.lists.create(workspaceId, 'Imported');
    const contacts = t.services.contacts;
    await contacts.create(
      workspaceId,
      { phoneNumber: '+12025550202', name: 'Old', tags: ['old'] },
      { source: 'admin', userId },
    );
    await contacts.create(workspaceId, { phoneNumber: '+12025550203', optedOut: true }, { source: 'admin', userId });
    await contacts.create(
      workspaceId,
      { phoneNumber: '+12025550204', listIds: [list.id] },
      { source: 'admin', userId },
    );
    return { workspaceId, listId: list.id };
  }

  /** The workspace's contacts and memberships as comparable values. */
  async function outcome(workspaceId: string, listId: string) {
    return queryRows<{ phone_number: string }>(
      t.db,
      sql`select c.phone_number, c.name, c.tags, c.time_zone, c.custom_fields, c.opted_out_at is not null as opted_out,
          (select count(*)::int from contact_consent_events e where e.contact_id = c.id) as consent_events,
          exists (select 1 from contact_list_members m where m.contact_id = c.id and m.list_id = ${listId}) as listed
        from contacts c where c.workspace_id = ${workspaceId} order by c.phone_number`,
    );
  }

  const write = (writer: typeof withRowChecks, workspaceId: string, options: ImportBatchOptions) =>
    t.db.transaction((tx) => writer(workspaceId, batch, options, tx as unknown as Db));

  for (const mode of ['update', 'skip'] as const)
    it(`writes new, existing, opted-out and listed numbers as the row checks did (${mode})`, async () => {
      const before = await book(`Row checks ${mode}`);
      const after = await book(`Keys once ${mode}`);
      const counts = await write(withRowChecks, before.workspaceId, { mode, listId: before.listId });
      expect(await write(withKeysOnce, after.workspaceId, { mode, listId: after.listId })).toEqual(counts);
      expect(counts).toEqual(mode === 'update' ? { created: 1, updated: 3 } : { created: 1, updated: 0 });
      const expected = await outcome(before.workspaceId, before.listId);
      expect(await outcome(after.workspaceId, after.listId)).toEqual(expected);
      expect(expected.find((c) => c.phone_number === '+12025550203')).toMatchObject({
        opted_out: true,
        consent_events: 1,
      });
    });

  it('stops when the list was deleted, writing nothing', async () => {
    const { workspaceId, listId } = await book('List gone');
    await t.services.contacts.lists.remove(workspaceId, listId);
    await expect(write(withKeysOnce, workspaceId, { mode: 'update', listId })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The list was deleted during the import.',
    });
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId}`,
    );
    expect(row?.n).toBe(3);
  });

  it('refuses a list of another workspace', async () => {
    const mine = await book('Mine');
    const theirs = await book('Theirs');
    await expect(
      write(withKeysOnce, mine.workspaceId, { mode: 'update', listId: theirs.listId }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('checks every row again after the batch, in the same transaction', async () => {
    const { workspaceId, listId } = await book('Checks back');
    const failure = await t.db
      .transaction(async (tx) => {
        await withKeysOnce(workspaceId, batch, { mode: 'update', listId }, tx as unknown as Db);
        const [role] = await queryRows<{ role: string }>(
          tx as unknown as Db,
          sql`select current_setting('session_replication_role') as role`,
        );
        expect(role?.role).toBe('origin');
        await queryRows(
          tx as unknown as Db,
          sql`insert into contacts (workspace_id, phone_number) values (gen_random_uuid(), '+12025550299')`,
        );
      })
      .catch((error: unknown) => error);
    expect(String((failure as { cause?: unknown }).cause ?? failure)).toMatch(/foreign key/);
  });
});
