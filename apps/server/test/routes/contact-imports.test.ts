import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContactImportResponse, ContactImportUploadResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/audio-files.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const files = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

// The job's rules (counts, consent, default country, lists, cancel) are tested in
// test/services/contact-imports.test.ts and the file's edge cases in test/lib; here: what the
// routes answer, validation, roles, isolation and the invalid rows' download.
describe('the contact imports API', () => {
  let t: TestApp;
  let filesDir: string;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'sb-imports-routes-'));
    t = await createTestApp({ FILES_DIR: filesDir });
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'imports'));
  });
  afterAll(async () => {
    await t.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  async function upload(csv: string | Buffer, who = admin, field = 'file', query = '') {
    const body = await multipartBody({}, { content: Buffer.from(csv), type: 'text/csv', name: 'people.csv', field });
    return t.app.inject({
      method: 'POST',
      url: `/api/contacts/imports${query}`,
      headers: { ...who.authorization, ...body.headers },
      payload: body.payload,
    });
  }
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.authorization, payload });

  it('reads an upload back: delimiter, BOM, header, preview, suggested mapping', async () => {
    const response = await upload('\uFEFFName;Mobile;Tags\nAda;+14155550123;vip\n');
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<ContactImportUploadResponse>();
    expect(body).toMatchObject({
      import: { state: 'uploaded', fileName: 'people.csv', delimiter: 'semicolon', hasBom: true, totalRows: 1 },
      preview: [['Ada', '+14155550123', 'vip']],
      suggestedMapping: ['name', 'number', 'tags'],
      rememberedMapping: null,
    });
  });

  it('refuses bad files with 400 IMPORT_FILE_INVALID and keeps nothing', async () => {
    const before = await files(filesDir);
    for (const [csv, importProblem, line] of [
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'binary'],
      ['', 'empty'],
      ['phone\n', 'noRows'],
      ['who,what\nAda,tea\n', 'noNumberColumn'],
      ['phone\n+14155550123,x\n', 'ragged', 2],
    ] as const) {
      const refused = await upload(csv);
      expectErrorBody(refused, 400, 'IMPORT_FILE_INVALID');
      // The problem (and line) a client words in its own language; the English message is the fallback.
      expect(refused.json()).toMatchObject({ importProblem, ...(line ? { line } : {}) });
    }
    expectErrorBody(await upload('phone\n+14155550123\n', admin, 'other'), 400, 'VALIDATION_FAILED');
    expect(await files(filesDir)).toEqual(before);
  });

  it('runs an import, reports it and downloads the invalid rows with formulas escaped', async () => {
    const { import: uploaded } = (
      await upload('phone,name\n+14155550124,Ok\n=1+1,=HYPERLINK("x")\n')
    ).json<ContactImportUploadResponse>();
    const started = await call(admin, 'POST', `/api/contacts/imports/${uploaded.id}/start`, {
      mapping: ['number', 'name'],
      mode: 'update',
    });
    expect(started.statusCode, started.body).toBe(202);
    let report = started.json<ContactImportResponse>().import;
    for (let i = 0; i < 100 && report.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = (await call(admin, 'GET', `/api/contacts/imports/${uploaded.id}`)).json<ContactImportResponse>().import;
    }
    expect(report).toMatchObject({
      state: 'completed',
      created: 1,
      invalid: 1,
      invalidRows: [{ row: 3, problem: 'noCountryCode', value: '=1+1' }],
    });

    const csv = await call(admin, 'GET', `/api/contacts/imports/${uploaded.id}/invalid.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain(`'=1+1,"'=HYPERLINK(""x"")"`);

    expectErrorBody(
      await call(admin, 'POST', `/api/contacts/imports/${uploaded.id}/start`, {
        mapping: ['number', 'name'],
        mode: 'skip',
      }),
      409,
      'IMPORT_STATE_CONFLICT',
    );
    expectErrorBody(
      await call(admin, 'POST', `/api/contacts/imports/${uploaded.id}/cancel`),
      409,
      'IMPORT_STATE_CONFLICT',
    );

    const next = (await upload('Phone,Name\n+14155550125,X\n')).json<ContactImportUploadResponse>();
    expect(next.rememberedMapping).toEqual(['number', 'name']);
  });

  it('remembers a campaign upload’s mapping apart from the contact book’s', async () => {
    const started = async (csv: string, mapping: string[], query = '') => {
      const uploaded = (await upload(csv, admin, 'file', query)).json<ContactImportUploadResponse>();
      const start = await call(admin, 'POST', `/api/contacts/imports/${uploaded.import.id}/start`, {
        mapping,
        mode: 'skip',
      });
      expect(start.statusCode, start.body).toBe(202);
      return uploaded;
    };
    const header = 'Handy,Vorname,Notiz\n';
    const remembered = async (query = '') =>
      (await upload(`${header}+14155550190,Ada,x\n`, admin, 'file', query)).json<ContactImportUploadResponse>()
        .rememberedMapping;

    await started(`${header}+14155550191,Bo,x\n`, ['number', 'name', 'ignore']);
    // No campaign upload yet: the contact book's mapping is not offered to a campaign.
    expect(await remembered('?purpose=campaign')).toBeNull();

    const campaign = await started(`${header}+14155550192,Cy,x\n`, ['number', 'ignore', 'ignore'], '?purpose=campaign');
    expect(campaign.rememberedMapping).toBeNull();
    expect(await remembered('?purpose=campaign')).toEqual(['number', 'ignore', 'ignore']);
    // The contact book's own uploads keep theirs, with or without the query.
    expect(await remembered()).toEqual(['number', 'name', 'ignore']);
    expect(await remembered('?purpose=contacts')).toEqual(['number', 'name', 'ignore']);

    expectErrorBody(
      await upload(`${header}+14155550193,Di,x\n`, admin, 'file', '?purpose=lists'),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('imports its own export again: the apostrophes that kept formulas from running come off', async () => {
    const created = await call(admin, 'POST', '/api/contacts', {
      phoneNumber: '+4915112345678',
      name: '=Round trip',
      tags: ['-roundtrip'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const exported = (await call(admin, 'GET', '/api/contacts/export?q=Round%20trip')).body;
    expect(exported).toContain("'+4915112345678,'=Round trip,'-roundtrip");
    await call(admin, 'DELETE', `/api/contacts/${created.json<{ contact: { id: string } }>().contact.id}`);

    const uploaded = await upload(exported);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { import: file, suggestedMapping } = uploaded.json<ContactImportUploadResponse>();
    expect(suggestedMapping.slice(0, 3)).toEqual(['number', 'name', 'tags']);
    const start = await call(admin, 'POST', `/api/contacts/imports/${file.id}/start`, {
      mapping: suggestedMapping,
      mode: 'update',
    });
    expect(start.statusCode, start.body).toBe(202);
    let report = start.json<ContactImportResponse>().import;
    for (let i = 0; i < 200 && report.state === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = (await call(admin, 'GET', `/api/contacts/imports/${file.id}`)).json<ContactImportResponse>().import;
    }
    expect(report).toMatchObject({ state: 'completed', created: 1, invalid: 0 });
    const page = (await call(admin, 'GET', '/api/contacts?q=Round%20trip')).json<{
      contacts: Array<{ phoneNumber: string; name: string; tags: string[] }>;
    }>();
    expect(page.contacts).toMatchObject([{ phoneNumber: '+4915112345678', name: '=Round trip', tags: ['-roundtrip'] }]);
  });

  it('answers 400 with fields for a bad start body', async () => {
    const { import: uploaded } = (await upload('phone,name\n+14155550126,A\n')).json<ContactImportUploadResponse>();
    const url = `/api/contacts/imports/${uploaded.id}/start`;
    for (const body of [
      { mapping: ['name', 'name'], mode: 'update' },
      { mapping: ['number', 'name'], mode: 'merge' },
      { mapping: ['number', 'name'], mode: 'update', defaultCountry: 'usa' },
      { mapping: ['number', 'field:Bad Key'], mode: 'update' },
      { mapping: ['number'], mode: 'update' },
      { mapping: ['number', 'field:city'], mode: 'update' },
    ])
      expectErrorBody(await call(admin, 'POST', url, body), 400, 'VALIDATION_FAILED');
    const cancelled = await call(admin, 'POST', `/api/contacts/imports/${uploaded.id}/cancel`);
    expect(cancelled.json<ContactImportResponse>().import.state).toBe('cancelled');
  });

  it('is for admins only, and another workspace’s imports are 404', async () => {
    expectErrorBody(await upload('phone\n+14155550127\n', editor), 403, 'FORBIDDEN');
    const { import: theirs } = (await upload('phone\n+14155550127\n', stranger)).json<ContactImportUploadResponse>();
    expectErrorBody(await call(editor, 'GET', `/api/contacts/imports/${theirs.id}`), 403, 'FORBIDDEN');
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/invalid.csv'],
      ['POST', '/cancel'],
    ] as const)
      expectErrorBody(await call(admin, method, `/api/contacts/imports/${theirs.id}${path}`), 404, 'NOT_FOUND');
    expectErrorBody(
      await call(admin, 'POST', `/api/contacts/imports/${theirs.id}/start`, { mapping: ['number'], mode: 'update' }),
      404,
      'NOT_FOUND',
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/contacts/imports',
        '/api/contacts/imports/{id}/start',
        '/api/contacts/imports/{id}/invalid.csv',
      ]),
    );
  });
});
