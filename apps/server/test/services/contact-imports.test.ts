import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { StartContactImportBodySchema, type StartContactImportBody } from '@switchboard/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database.js';
import { newStorageKey } from '../../src/lib/file-storage.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, type TestServices } from '../helpers/test-services.js';

const streamText = async (stream: Readable) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

describe('contact imports as jobs', () => {
  let t: TestServices;
  let filesDir: string;
  let workspaceId: string;
  let userId: string;

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-imports-service-'));
    t = await createTestServices({ config: { filesDir }, start: false });
    ({ workspaceId, userId } = await t.workspace('Importer'));
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  const imports = () => t.services.contacts.imports;

  async function upload(csv: string, workspace = workspaceId) {
    const fileKey = newStorageKey('imports');
    const { sizeBytes } = await imports().storage.put(fileKey, Readable.from([Buffer.from(csv)]));
    return imports().upload(workspace, userId, { fileKey, fileName: 'contacts.csv', sizeBytes });
  }

  async function run(csv: string, body: Partial<StartContactImportBody> = {}) {
    const uploaded = await upload(csv);
    const start = StartContactImportBodySchema.parse({ mapping: uploaded.suggestedMapping, mode: 'update', ...body });
    await imports().start(workspaceId, uploaded.import.id, start);
    await imports().settled(uploaded.import.id);
    return imports().get(workspaceId, uploaded.import.id);
  }

  const contact = (number: string) => t.services.contacts.findByNumber(workspaceId, number);
  /** A list's page in the creation order (read from the list's own index), as ids. */
  const listPage = async (listId: string, order: 'asc' | 'desc' = 'desc') =>
    (await t.services.contacts.page(workspaceId, { listId }, { sort: 'created', order }, undefined, 50)).contacts.map(
      (c) => c.id,
    );

  it('creates, updates, skips, reports invalid rows with their line and counts duplicates', async () => {
    await run('phone,name,tags\n+12025550100,Old Name,old\n+12025550101,Keep Me,\n');
    const report = await run(
      'phone,name,tags\n+12025550100,New Name,new\n+12025550102,Fresh,\nnot a number,Bad,\n+12025550102,Again,\n\n+1 202 555 0103,,\n',
    );
    expect(report).toMatchObject({
      state: 'completed',
      totalRows: 5,
      processedRows: 5,
      created: 2,
      updated: 1,
      skipped: 0,
      invalid: 1,
      duplicates: 1,
      invalidRows: [
        { row: 4, reason: expect.stringMatching(/no country code/), problem: 'noCountryCode', value: 'not a number' },
      ],
    });
    expect(await contact('+12025550100')).toMatchObject({ name: 'New Name', tags: ['old', 'new'] });
    expect(await contact('+12025550101')).toMatchObject({ name: 'Keep Me' });

    const skipped = await run('phone,name\n+12025550100,Ignored\n+12025550104,Added\n', { mode: 'skip' });
    expect(skipped).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect(await contact('+12025550100')).toMatchObject({ name: 'New Name' });

    const csv = await streamText(await imports().invalidCsv(workspaceId, report.id));
    expect(csv).toBe(
      '\uFEFFrow,reason,phone,name,tags\n4,“not a number” has no country code (+…) and no default country was chosen.,not a number,Bad,\n',
    );
    await expect(imports().invalidCsv(workspaceId, skipped.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('tells open contact books when an import has ended (contacts.changed)', async () => {
    const before = t.events.of(workspaceId, 'contacts.changed').length;
    await run('phone\n+12025550190\n');
    await t.events.waitFor(
      workspaceId,
      'contacts.changed',
      () => t.events.of(workspaceId, 'contacts.changed').length > before,
    );
    expect(t.events.of(workspaceId, 'contacts.changed').slice(before)).toEqual([{ cause: 'import' }]);
  });

  it('never opts an opted-out contact back in and records no consent event', async () => {
    const created = await t.services.contacts.create(
      workspaceId,
      { phoneNumber: '+12025550110', optedOut: true },
      { source: 'admin', userId },
    );
    const report = await run('phone,name\n+12025550110,Still Out\n');
    expect(report.updated).toBe(1);
    const detail = await t.services.contacts.get(workspaceId, created.id);
    expect(detail.contact).toMatchObject({ name: 'Still Out', optedOutAt: created.optedOutAt });
    expect(created.optedOutAt).not.toBeNull();
    expect(detail.consent).toHaveLength(1);
  });

  it('reads numbers without + in the default country, adds to the list and the tags, fills custom fields', async () => {
    await t.services.contacts.fields.replace(workspaceId, ['city']);
    const list = await t.services.contacts.lists.create(workspaceId, 'Imported');
    const report = await run('Mobile;First;Last;City\n555;Ada;Lovelace;London\n030 1234567;Max;;Berlin\n', {
      defaultCountry: 'DE',
      listId: list.id,
      tags: ['csv'],
    });
    expect(report).toMatchObject({ delimiter: 'semicolon', created: 1, invalid: 1 });
    const berlin = await contact('+49301234567');
    expect(berlin).toMatchObject({ name: 'Max', tags: ['csv'], customFields: { city: 'Berlin' } });
    const [listed] = await t.services.contacts.lists
      .list(workspaceId)
      .then((lists) => lists.filter((l) => l.id === list.id));
    expect(listed?.memberCount).toBe(1);
    expect(await listPage(list.id)).toEqual([berlin!.id]);
    const [member] = await queryRows<{ same: boolean }>(
      t.db,
      sql`select m.contact_created_at = c.created_at as same
        from contact_list_members m join contacts c on c.id = m.contact_id where m.list_id = ${list.id}`,
    );
    expect(member).toEqual({ same: true });
  });

  it('adds contacts that existed to the list at their place in the creation order', async () => {
    const list = await t.services.contacts.lists.create(workspaceId, 'Imported again');
    const admin = { source: 'admin' as const, userId };
    const older = await t.services.contacts.create(workspaceId, { phoneNumber: '+12025550140' }, admin);
    const newer = await t.services.contacts.create(workspaceId, { phoneNumber: '+12025550141' }, admin);
    await run('phone\n+12025550141\n', { listId: list.id });
    await run('phone\n+12025550140\n+12025550142\n', { listId: list.id });
    const added = await contact('+12025550142');
    expect(await listPage(list.id, 'desc')).toEqual([added!.id, newer.id, older.id]);
    expect(await listPage(list.id, 'asc')).toEqual([older.id, newer.id, added!.id]);
  });

  it('refuses a mapping to a custom field the workspace does not have, and a second start', async () => {
    const uploaded = await upload('phone,colour\n+12025550130,red\n');
    const body = (mapping: string[]) => StartContactImportBodySchema.parse({ mapping, mode: 'update' });
    await expect(
      imports().start(workspaceId, uploaded.import.id, body(['number', 'field:colour'])),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await imports().start(workspaceId, uploaded.import.id, body(['number', 'ignore']));
    await expect(imports().start(workspaceId, uploaded.import.id, body(['number', 'ignore']))).rejects.toMatchObject({
      code: 'IMPORT_STATE_CONFLICT',
    });
    await imports().settled(uploaded.import.id);
  });

  it('cancels mid-way (after the batch in flight), keeping what was written, and publishes progress', async () => {
    const csv = `phone\n${Array.from({ length: 30_000 }, (_, i) => `+49151${String(10_000_000 + i)}`).join('\n')}\n`;
    const uploaded = await upload(csv);
    await imports().start(
      workspaceId,
      uploaded.import.id,
      StartContactImportBodySchema.parse({ mapping: ['number'], mode: 'update' }),
    );
    await t.events.waitFor(
      workspaceId,
      'contact-import.progress',
      (p) => p.import.id === uploaded.import.id && p.import.processedRows > 0,
    );
    // No clock: a batch of 2,000 rows may take over a second on a busy machine. It must stop early.
    const cancelled = await imports().cancel(workspaceId, uploaded.import.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.processedRows).toBeLessThan(30_000);
    expect(cancelled.created).toBe(cancelled.processedRows);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contacts where workspace_id = ${workspaceId} and phone_number like '+49151%'`,
    );
    expect(row?.n).toBe(cancelled.created);
    await expect(imports().cancel(workspaceId, uploaded.import.id)).rejects.toMatchObject({
      code: 'IMPORT_STATE_CONFLICT',
    });
  });

  it('marks an import whose process died (its lease ran out) as failed when next read', async () => {
    const uploaded = await upload('phone\n+12025550150\n');
    await queryRows(
      t.db,
      sql`update contact_imports set state = 'running', lease_until = now() - interval '1 second'
        where id = ${uploaded.import.id}`,
    );
    expect(await imports().get(workspaceId, uploaded.import.id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/server stopped/),
    });
  });

  it('deletes uploads never started within a day with their files; started and newer ones stay', async () => {
    const age = (id: string, hours: number) =>
      queryRows(
        t.db,
        sql`update contact_imports set created_at = now() - make_interval(hours => ${hours}) where id = ${id}`,
      );
    const fileOf = async (id: string) =>
      (await queryRows<{ file_key: string }>(t.db, sql`select file_key from contact_imports where id = ${id}`))[0]!
        .file_key;
    const csv = 'phone\n+12025550190\n';
    const stale = (await upload(csv)).import.id;
    const staleFile = await fileOf(stale);
    const fresh = (await upload(csv)).import.id;
    const started = await run(csv);
    await age(stale, 25);
    await age(fresh, 23);
    await age(started.id, 48);
    expect(await imports().storage.stat(staleFile)).not.toBeNull();

    expect(await imports().sweepUnstarted()).toBe(1);
    await expect(imports().get(workspaceId, stale)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await imports().storage.stat(staleFile)).toBeNull();
    expect((await imports().get(workspaceId, fresh)).state).toBe('uploaded');
    expect(await imports().storage.stat(await fileOf(fresh))).not.toBeNull();
    expect((await imports().get(workspaceId, started.id)).state).toBe('completed');
    // A start that comes too late finds nothing to start.
    const start = StartContactImportBodySchema.parse({ mapping: ['number'], mode: 'update' });
    await expect(imports().start(workspaceId, stale, start)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // An hour later the fresh one is a day old too: sweeps on two instances at once take it once.
    const inAnHour = new Date(Date.now() + 3_600_000);
    const both = await Promise.all([imports().sweepUnstarted(inAnHour), imports().sweepUnstarted(inAnHour)]);
    expect(both.sort()).toEqual([0, 1]);
    await expect(imports().get(workspaceId, fresh)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps imports to their workspace and refuses files with no number column', async () => {
    const other = await t.workspace('Other');
    const uploaded = await upload('phone\n+12025550140\n', other.workspaceId);
    await expect(imports().get(workspaceId, uploaded.import.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(upload('who,what\nAda,tea\n')).rejects.toMatchObject({ code: 'IMPORT_FILE_INVALID' });
  });
});
