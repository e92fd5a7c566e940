import type { BillingProfile, Invoice } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPaidOrder } from '../helpers/billing-fixtures.js';
import { expectErrorBody } from '../helpers/expectations.js';
import { pdfText } from '../helpers/pdf-text.js';
import { adminEditorAndStranger, createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

// Numbering, credit notes and the buyer's details are tested in test/services/invoices.test.ts;
// here: what the routes answer, to whom.
describe('/api/invoices and /api/billing/profile', () => {
  let t: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let stranger: SignedIn;
  let invoice: Invoice;
  let creditNote: Invoice;
  let strangersInvoice: Invoice;

  const get = (url: string, who?: SignedIn) => t.app.inject({ method: 'GET', url, headers: who?.authorization ?? {} });
  const putProfile = (who: SignedIn | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/billing/profile',
      headers: who?.authorization ?? {},
      payload: payload as object,
    });
  /** A paid order of the caller's workspace and its invoice, as the billing service's activation leaves them. */
  async function paidAndInvoiced(who: SignedIn, refunded = false): Promise<Invoice[]> {
    const { invoices } = t.app.services;
    const workspaceId = who.userData.workspaceId;
    return t.app.database.db.transaction(async (tx) => {
      const order = await insertPaidOrder(tx, workspaceId, { refundedAt: refunded ? new Date() : undefined });
      const issued = [await invoices.issueForOrder(tx, order)];
      if (refunded) issued.push(await invoices.issueCreditNote(tx, order));
      return issued;
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    ({ admin, editor, stranger } = await adminEditorAndStranger(t.app, 'invoices'));
    [invoice, creditNote] = (await paidAndInvoiced(admin, true)) as [Invoice, Invoice];
    [strangersInvoice] = (await paidAndInvoiced(stranger)) as [Invoice];
  });
  afterAll(() => t.close());

  it('lists the workspace’s invoices and credit notes, newest first', async () => {
    const response = await get('/api/invoices', admin);
    expect(response.statusCode, response.body).toBe(200);
    const { invoices } = response.json<{ invoices: Invoice[] }>();
    expect(invoices.map((i) => i.number)).toEqual([creditNote.number, invoice.number]);
    expect(invoices[0]).toMatchObject({ kind: 'credit_note', creditForNumber: invoice.number });
    expect(invoices[1]).toEqual(invoice);
  });

  it('answers one invoice', async () => {
    const response = await get(`/api/invoices/${invoice.id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ invoice });
  });

  it('downloads the PDF named by the number', async () => {
    const response = await get(`/api/invoices/${invoice.id}/pdf`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(invoice.number).toMatch(/^SB-\d{4}-\d{6}$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Number: ${invoice.number}`);
    expect(text).toContain('$1,053.20');

    const note = pdfText((await get(`/api/invoices/${creditNote.id}/pdf`, admin)).rawPayload);
    expect(note).toContain('Credit note');
    expect(note).toContain('-$1,053.20');
  });

  it('answers 404 for another workspace’s invoice or an unknown id, 400 for a malformed one', async () => {
    for (const path of ['', '/pdf']) {
      expectErrorBody(await get(`/api/invoices/${strangersInvoice.id}${path}`, admin), 404, 'NOT_FOUND');
      expectErrorBody(await get(`/api/invoices/00000000-0000-4000-8000-000000000000${path}`, admin), 404, 'NOT_FOUND');
      expectErrorBody(await get(`/api/invoices/not-an-id${path}`, admin), 400, 'VALIDATION_FAILED');
      expectErrorBody(await get(`/api/invoices/${invoice.id}'--${path}`, admin), 400, 'VALIDATION_FAILED');
    }
    const theirs = (await get('/api/invoices', stranger)).json<{ invoices: Invoice[] }>().invoices;
    expect(theirs.map((i) => i.id)).toEqual([strangersInvoice.id]);
  });

  it('answers 401 without a session and 403 to an editor', async () => {
    const urls = [
      '/api/invoices',
      `/api/invoices/${invoice.id}`,
      `/api/invoices/${invoice.id}/pdf`,
      '/api/billing/profile',
    ];
    for (const url of urls) {
      expectErrorBody(await get(url), 401, 'UNAUTHENTICATED');
      expectErrorBody(await get(url, editor), 403, 'FORBIDDEN');
    }
    const profile = { name: 'Editor', company: null, email: null, addressLines: [], vatId: null };
    expectErrorBody(await putProfile(undefined, profile), 401, 'UNAUTHENTICATED');
    expectErrorBody(await putProfile(editor, profile), 403, 'FORBIDDEN');
  });

  it('answers a default billing profile from the workspace until one is saved, then the saved one', async () => {
    const before = await get('/api/billing/profile', stranger);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<BillingProfile>()).toMatchObject({
      company: null,
      email: 'owner@other-invoices.example',
      addressLines: [],
      vatId: null,
    });
    expect(before.json<BillingProfile>().name.length).toBeGreaterThan(0);

    const profile: BillingProfile = {
      name: 'Sam Stranger',
      company: 'Stranger Things GmbH',
      email: 'accounts@stranger.example',
      addressLines: ['Hauptstr. 1', '10115 Berlin', 'Germany'],
      vatId: 'DE123456789',
    };
    const saved = await putProfile(stranger, { ...profile, name: '  Sam Stranger  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(profile);
    expect((await get('/api/billing/profile', stranger)).json()).toEqual(profile);
    // The other workspace's profile is untouched.
    expect((await get('/api/billing/profile', admin)).json<BillingProfile>().email).toBe('owner@invoices.example');
    // New invoices bill the saved details.
    const [next] = await paidAndInvoiced(stranger);
    expect(next!.buyer).toEqual(profile);
  });

  it('refuses an invalid billing profile with 400', async () => {
    const valid = { name: 'A', company: null, email: null, addressLines: [], vatId: null };
    for (const payload of [
      { ...valid, name: '' },
      { ...valid, email: 'not-an-e-mail' },
      { ...valid, addressLines: ['1', '2', '3', '4', '5', '6', '7'] },
      { ...valid, vatId: 'X'.repeat(41) },
      { name: 'A' },
    ]) {
      expectErrorBody(await putProfile(admin, payload), 400, 'VALIDATION_FAILED');
    }
  });

  it('documents the routes in the OpenAPI document', async () => {
    const { paths } = (await get('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(paths['/api/invoices/{id}/pdf']!)).toEqual(['get']);
    expect(Object.keys(paths['/api/billing/profile']!).sort()).toEqual(['get', 'put']);
    expect(paths['/api/invoices']!.get).toMatchObject({ summary: expect.stringContaining('newest first') as string });
  });
});
