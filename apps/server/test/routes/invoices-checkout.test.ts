import type { Invoice, OrderResponse, SessionResponse } from '@switchboard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFor, billingApi, buyAsAdmin, testCard } from '../helpers/billing-checkout.js';
import { pdfText } from '../helpers/pdf-text.js';
import { createTestApp, register, type SignedIn, type TestApp } from '../helpers/test-app.js';

// The invoices the billing service's payments and refunds issue (through the invoices module's
// onPaid / onRefunded), as the billing page reads them.
describe('invoices of checkouts', () => {
  let t: TestApp;
  const year = new Date().getUTCFullYear();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const invoicesOf = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/invoices', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ invoices: Invoice[] }>().invoices;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('invoices an anonymous visitor’s purchase to their new account: discount, setup fee, total, PDF', async () => {
    const api = billingApi(t.app);
    const email = 'ada@invoice-checkout.example';
    const started = await api.start({ planId: 'business', months: 12, account: accountFor(email, 'Acme Ltd') });
    expect(started.statusCode, started.body).toBe(201);
    const { order, claimToken } = started.json<OrderResponse>();
    const confirmed = await api.confirm(order.id, { claimToken, test: testCard() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const paid = confirmed.json<OrderResponse>().order;
    const { accessToken } = (await api.session(order.id, claimToken!)).json<SessionResponse>();

    const [invoice, ...others] = await invoicesOf(bearer(accessToken));
    expect(others).toEqual([]);
    expect(paid.invoiceId).toBe(invoice!.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(new RegExp(`^SB-${year}-\\d{6}$`)) as string,
      orderId: order.id,
      buyer: { name: 'Ada Lovelace', company: 'Acme Ltd', email, addressLines: [], vatId: null },
      seller: { name: 'Switchboard', company: 'Switchboard Messaging Ltd.', email: 'billing@switchboard.local' },
      subtotalCents: 1053_20,
      totalCents: 1053_20,
      planId: 'business',
      months: 12,
      provider: 'test',
      paidAt: paid.paidAt,
      periodStart: paid.quote.periodStart,
      periodEnd: paid.quote.periodEnd,
    });
    expect(invoice!.lines).toEqual(paid.quote.lines);
    expect(invoice!.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['plan', 948_00],
      ['discount', -94_80],
      ['setup_fee', 200_00],
    ]);
    expect(invoice!.providerReference).toBeTruthy();

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice!.id}/pdf`,
      headers: bearer(accessToken),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [invoice!.number, 'Acme Ltd', '-$94.80', '$200.00', '$1,053.20'])
      expect(text).toContain(expected);
  });

  it('invoices an admin’s purchases to the saved billing details, and credits a refunded next period', async () => {
    const admin: SignedIn = await register(t.app, 'owner@invoice-refund.example', 'Owner');
    const profile = {
      name: 'Owner',
      company: 'Refund Co',
      email: 'accounts@refund.example',
      addressLines: ['1 Main St', 'Springfield'],
      vatId: 'GB123456789',
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/billing/profile',
      headers: admin.authorization,
      payload: profile,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const first = await buyAsAdmin(t.app, admin, 'pro', 1);
    const renewal = await buyAsAdmin(t.app, admin, 'pro', 1); // the next period, paid ahead
    expect(renewal.kind).toBe('renewal');
    const canceled = await billingApi(t.app).cancel(admin);
    expect(canceled.statusCode, canceled.body).toBe(200);

    const [note, renewalInvoice, firstInvoice] = await invoicesOf(admin.authorization);
    expect(firstInvoice).toMatchObject({ orderId: first.id, kind: 'invoice', buyer: profile, totalCents: 449_00 });
    expect(renewalInvoice).toMatchObject({ orderId: renewal.id, kind: 'invoice', totalCents: 249_00 });
    expect(note).toMatchObject({
      orderId: renewal.id,
      kind: 'credit_note',
      creditForNumber: renewalInvoice!.number,
      totalCents: -249_00,
      buyer: profile,
    });
    const numbers = [firstInvoice, renewalInvoice, note].map((i) => Number(i!.number.slice(-6)));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });
});
