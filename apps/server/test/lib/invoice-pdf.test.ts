import type { Invoice } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDay,
  formatPercent,
  helveticaText,
} from '../../src/modules/billing/invoices/invoice-format.js';
import { invoiceFileName, renderInvoicePdf } from '../../src/modules/billing/invoices/invoice-pdf.js';
import { pdfText } from '../helpers/pdf-text.js';

const invoice: Invoice = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 'SB-2026-000042',
  kind: 'invoice',
  creditForNumber: null,
  orderId: '00000000-0000-4000-8000-000000000002',
  seller: {
    name: 'Switchboard',
    company: 'Switchboard Messaging Ltd.',
    addressLines: ['1 Main St', 'Springfield'],
    email: 'billing@switchboard.local',
    vatId: null,
  },
  buyer: {
    name: 'Jane Roe',
    company: 'Acme Corp.',
    addressLines: ['2 Side St', '10115 Berlin'],
    email: 'accounts@acme.example',
    vatId: 'DE123456789',
  },
  lines: [
    { kind: 'plan', description: 'Business plan, 12 months', amountCents: 948_00 },
    { kind: 'discount', description: 'Discount for 12 months (10%)', amountCents: -94_80 },
    { kind: 'setup_fee', description: 'Setup fee', amountCents: 200_00 },
    { kind: 'tax', description: 'Tax (7.5%)', amountCents: 78_99 },
  ],
  subtotalCents: 1053_20,
  taxRatePercent: 7.5,
  taxCents: 78_99,
  totalCents: 1132_19,
  currency: 'USD',
  planId: 'business',
  months: 12,
  periodStart: '2026-11-27T10:00:00.000Z',
  periodEnd: '2027-11-27T10:00:00.000Z',
  issuedAt: '2026-11-27T10:00:01.000Z',
  paidAt: '2026-11-27T10:00:00.000Z',
  provider: 'stripe',
  providerReference: 'pi_3Abc123',
};

describe('invoice PDF', () => {
  it('prints the number, dates, both parties, every line, tax with its rate, total and payment', async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Invoice',
      'Number: SB-2026-000042',
      'Issued: 2026-11-27',
      'Paid: 2026-11-27',
      'Switchboard Messaging Ltd.',
      '1 Main St',
      'Acme Corp.',
      '10115 Berlin',
      'VAT ID: DE123456789',
      'Plan: Business, 12 months',
      'Period: 2026-11-27 to 2027-11-27',
      'Business plan, 12 months',
      '$948.00',
      '-$94.80',
      '$200.00',
      '$1,053.20',
      'Tax (7.5%)',
      '$78.99',
      '$1,132.19',
      'Paid on 2026-11-27 via Stripe.',
      'Payment reference: pi_3Abc123',
    ]) {
      expect(text).toContain(expected);
    }
    // The quote's tax line is the totals' "Tax" row, not also a line above them.
    expect(text.split('$78.99')).toHaveLength(2);
  });

  it('titles a credit note and names the invoice it credits', async () => {
    const note: Invoice = {
      ...invoice,
      number: 'SB-2026-000043',
      kind: 'credit_note',
      creditForNumber: 'SB-2026-000042',
      lines: invoice.lines.map((l) => ({ ...l, amountCents: -l.amountCents })),
      subtotalCents: -1053_20,
      taxCents: -78_99,
      totalCents: -1132_19,
    };
    const text = pdfText(await renderInvoicePdf(note, { compress: false }));
    expect(text).toContain('Credit note');
    expect(text).toContain('Credit for invoice: SB-2026-000042');
    expect(text).toContain('Refunded: 2026-11-27');
    expect(text).toContain('-$1,132.19');
  });

  it('prints what Helvetica cannot show as "?" instead of other letters', async () => {
    const buyer = { ...invoice.buyer, name: 'شركة النور', company: 'Őrség Kft. – “Łódź” €', addressLines: ['東京都'] };
    const text = pdfText(await renderInvoicePdf({ ...invoice, buyer }));
    expect(text).toContain('???? ?????');
    expect(text).toContain('Orség Kft. – “?ódz” €');
    expect(text).toContain('???');
  });

  it('names the file after the number', () => {
    expect(invoiceFileName(invoice)).toBe('SB-2026-000042.pdf');
  });
});

describe('invoice formats (en-US)', () => {
  it('formats cents, days and rates', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(-200_00)).toBe('-$200.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatDay('2027-02-28T23:59:59.000Z')).toBe('2027-02-28');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(7.5)).toBe('7.5%');
  });

  it('keeps the text Helvetica shows (Windows-1252) and replaces the rest', () => {
    expect(helveticaText('Müller & Söhne – “Straße” €5 œ')).toBe('Müller & Söhne – “Straße” €5 œ');
    expect(helveticaText('Čapek\tŁukasz 😀')).toBe('Capek ?ukasz ?');
  });
});
