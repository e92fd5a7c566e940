import type {
  BillingPeriod,
  Invoice,
  InvoiceParty,
  PaymentProviderId,
  PlanId,
  Quote,
  QuoteLine,
} from '@switchboard/contract';
import type { Db } from '../../../db/database.js';
import { toInvoice, type InvoiceKind, type InvoiceRow, type InvoicesRepository } from './invoices.repository.js';

/**
 * What an invoice is made of from a billing order: the columns of its stored row (billing_orders)
 * that the billing service's activation and refund hand over as they are.
 */
export interface BillingOrderRow {
  id: string;
  workspaceId: string | null;
  planId: PlanId;
  months: BillingPeriod;
  quote: Quote;
  provider: PaymentProviderId;
  /** Stripe Checkout session / PayPal order / the test provider's id. */
  providerRef: string | null;
  /** Stripe payment intent / PayPal capture: the reference printed when there is one. */
  providerPaymentRef: string | null;
  paidAt: Date | null;
  refundedAt: Date | null;
}

export interface IssueDeps {
  repo: InvoicesRepository;
  seller: InvoiceParty;
  taxRatePercent: number;
  /** The workspace's buyer details as they are now, read in the issuing transaction. */
  buyerOf(workspaceId: string, tx: Db): Promise<InvoiceParty>;
  now(): Date;
}

/** `SB-2026-000001`: the year of issue and the year's sequence number. */
export function invoiceNumber(year: number, sequence: number): string {
  return `SB-${year}-${String(sequence).padStart(6, '0')}`;
}

/** A credit note's amounts: the invoice's, negated (never -0). */
const negate = (cents: number) => -cents || 0;
const negateLines = (lines: QuoteLine[]) => lines.map((line) => ({ ...line, amountCents: negate(line.amountCents) }));

function workspaceOf(order: BillingOrderRow): string {
  // An anonymous order gets its workspace when it is paid, before the invoice: none here is a bug.
  if (!order.workspaceId) throw new Error(`billing order ${order.id} has no workspace to invoice`);
  return order.workspaceId;
}

/**
 * Issuing in the caller's transaction (the payment's or the refund's): one invoice per paid order
 * and one credit note per refund, each under the next number of its year. A repeat call answers
 * the document already issued (unique order + kind) without taking a number.
 */
export function createInvoiceIssuer(deps: IssueDeps) {
  const { repo } = deps;

  async function issue(
    tx: Db,
    order: BillingOrderRow,
    kind: InvoiceKind,
    content: (number: string, issuedAt: Date) => Omit<InvoiceRow, 'id' | 'number' | 'issuedAt'>,
  ): Promise<InvoiceRow> {
    const existing = await repo.findByOrder(order.id, kind, tx);
    if (existing) return existing;
    const issuedAt = deps.now();
    const year = issuedAt.getUTCFullYear();
    const sequence = await repo.takeNumber(year, tx);
    // A transaction that issued the same document committed while this one waited for the counter.
    const raced = await repo.findByOrder(order.id, kind, tx);
    if (raced) {
      await repo.giveBackNumber(year, tx);
      return raced;
    }
    const number = invoiceNumber(year, sequence);
    return repo.insert({ ...content(number, issuedAt), number, issuedAt }, tx);
  }

  /** The invoice of a paid order: lines, subtotal, tax and total are the order's stored quote. */
  async function invoiceRow(tx: Db, order: BillingOrderRow): Promise<InvoiceRow> {
    const workspaceId = workspaceOf(order);
    const existing = await repo.findByOrder(order.id, 'invoice', tx);
    if (existing) return existing;
    const buyer = await deps.buyerOf(workspaceId, tx);
    const { quote } = order;
    return issue(tx, order, 'invoice', (_number, issuedAt) => ({
      workspaceId,
      kind: 'invoice',
      creditForInvoiceId: null,
      orderId: order.id,
      seller: deps.seller,
      buyer,
      lines: quote.lines,
      subtotalCents: quote.subtotalCents,
      // The rate the quote was made with: the setting may have changed before the payment.
      taxRatePercent: quote.taxRatePercent,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      currency: quote.currency,
      planId: order.planId,
      months: order.months,
      periodStart: new Date(quote.periodStart),
      periodEnd: new Date(quote.periodEnd),
      paidAt: order.paidAt ?? issuedAt,
      provider: order.provider,
      providerReference: order.providerPaymentRef ?? order.providerRef,
    }));
  }

  return {
    async issueForOrder(tx: Db, order: BillingOrderRow): Promise<Invoice> {
      return toInvoice(await invoiceRow(tx, order), null);
    },

    /**
     * The credit note of a refunded order: the invoice's lines and amounts negated, for the same
     * buyer, pointing at it. An order refunded without an invoice (none should be) gets one first,
     * so every payment and every refund stays documented.
     */
    async issueCreditNote(tx: Db, order: BillingOrderRow): Promise<Invoice> {
      const invoice = await invoiceRow(tx, order);
      const { id: creditForInvoiceId, number: creditForNumber, issuedAt: _invoiced, ...invoiced } = invoice;
      const row = await issue(tx, order, 'credit_note', (_number, issuedAt) => ({
        ...invoiced,
        kind: 'credit_note',
        creditForInvoiceId,
        seller: deps.seller,
        lines: negateLines(invoice.lines),
        subtotalCents: negate(invoice.subtotalCents),
        taxCents: negate(invoice.taxCents),
        totalCents: negate(invoice.totalCents),
        paidAt: order.refundedAt ?? issuedAt,
      }));
      return toInvoice(row, creditForNumber);
    },
  };
}
