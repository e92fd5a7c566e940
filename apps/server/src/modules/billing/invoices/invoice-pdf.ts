import type { Invoice, InvoiceParty, PaymentProviderId } from '@switchboard/contract';
import PDFDocument from 'pdfkit';
import { formatCents, formatDay, formatPercent, helveticaText } from './invoice-format.js';

const PROVIDER_NAMES: Record<PaymentProviderId, string> = { test: 'Test provider', stripe: 'Stripe', paypal: 'PayPal' };
const LEFT = 50;
const WIDTH = 512; // US Letter (612 pt) less two 50 pt margins
const AMOUNT_WIDTH = 120;

type Doc = PDFKit.PDFDocument;

export interface InvoicePdfOptions {
  /** Deflate the page streams (default true); tests read the text of an uncompressed one. */
  compress?: boolean;
}

/** The invoice's file name for a download: `SB-2026-000001.pdf`. */
export function invoiceFileName(invoice: Pick<Invoice, 'number'>): string {
  return `${invoice.number}.pdf`;
}

/**
 * The PDF of a stored invoice or credit note, made on request (nothing is stored but the
 * invoice's frozen data). pdfkit's built-in Helvetica: no font file is read or fetched; it covers
 * Windows-1252, so letters of other scripts print as "?" (the web's invoice page shows every script).
 */
export function renderInvoicePdf(invoice: Invoice, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    compress: options.compress ?? true,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: invoice.seller.company ?? invoice.seller.name,
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const done = collect(doc);
  header(doc, invoice, title);
  parties(doc, invoice);
  lines(doc, invoice);
  payment(doc, invoice);
  doc.end();
  return done;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function header(doc: Doc, invoice: Invoice, title: string) {
  doc.font('Helvetica-Bold').fontSize(24).text(title, LEFT, LEFT);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`Number: ${invoice.number}`);
  if (invoice.creditForNumber) doc.text(`Credit for invoice: ${invoice.creditForNumber}`);
  doc.text(`Issued: ${formatDay(invoice.issuedAt)}`);
  if (invoice.paidAt) doc.text(`${invoice.kind === 'credit_note' ? 'Refunded' : 'Paid'}: ${formatDay(invoice.paidAt)}`);
  doc.moveDown(1.5);
}

function partyLines(party: InvoiceParty): string[] {
  return [
    party.company && party.company !== party.name ? party.company : null,
    ...party.addressLines,
    party.email,
    party.vatId ? `VAT ID: ${party.vatId}` : null,
  ].filter((line): line is string => !!line);
}

/** Seller on the left, buyer on the right; the text goes on below the longer of the two. */
function parties(doc: Doc, invoice: Invoice) {
  const top = doc.y;
  const column = (label: string, party: InvoiceParty, x: number) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555').text(label, x, top, { width: 240 });
    doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(helveticaText(party.name), { width: 240 });
    doc.font('Helvetica').fontSize(10);
    for (const line of partyLines(party)) doc.text(helveticaText(line), { width: 240 });
    return doc.y;
  };
  const bottom = Math.max(column('From', invoice.seller, LEFT), column('Bill to', invoice.buyer, LEFT + 272));
  doc.x = LEFT;
  doc.y = bottom;
  doc.moveDown(1.5);
  const plan = `${invoice.planId.charAt(0).toUpperCase()}${invoice.planId.slice(1)}`;
  const months = `${invoice.months} ${invoice.months === 1 ? 'month' : 'months'}`;
  doc.text(`Plan: ${plan}, ${months}`, LEFT);
  doc.text(`Period: ${formatDay(invoice.periodStart)} to ${formatDay(invoice.periodEnd)}`, LEFT);
  doc.moveDown(1.5);
}

/** One row: the text on the left, the amount right-aligned in its column. */
function row(doc: Doc, text: string, amount: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  doc.text(helveticaText(text), LEFT, y, { width: WIDTH - AMOUNT_WIDTH - 10 });
  const below = doc.y;
  doc.text(amount, LEFT + WIDTH - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
  doc.y = Math.max(below, doc.y) + 4;
}

function rule(doc: Doc) {
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y += 6;
}

/** The order's lines (plan, discount, setup fee, proration credit), then subtotal, tax and total. */
function lines(doc: Doc, invoice: Invoice) {
  row(doc, 'Description', 'Amount (USD)', true);
  rule(doc);
  for (const line of invoice.lines.filter((l) => l.kind !== 'tax')) {
    row(doc, line.description, formatCents(line.amountCents));
  }
  rule(doc);
  row(doc, 'Subtotal', formatCents(invoice.subtotalCents));
  row(doc, `Tax (${formatPercent(invoice.taxRatePercent)})`, formatCents(invoice.taxCents));
  row(doc, invoice.kind === 'credit_note' ? 'Total credited' : 'Total', formatCents(invoice.totalCents), true);
  doc.moveDown(1.5);
}

function payment(doc: Doc, invoice: Invoice) {
  const how = PROVIDER_NAMES[invoice.provider];
  const verb = invoice.kind === 'credit_note' ? 'Refunded' : 'Paid';
  const when = invoice.paidAt ? ` on ${formatDay(invoice.paidAt)}` : '';
  doc.font('Helvetica').fontSize(10).text(`${verb}${when} via ${how}.`, LEFT);
  if (invoice.providerReference) doc.text(`Payment reference: ${helveticaText(invoice.providerReference)}`, LEFT);
  doc.moveDown(1).fillColor('#555555').fontSize(9).text('All amounts in US dollars (USD).', LEFT);
}
