import type { Invoice } from '@switchboard/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.js';
import { invoiceCounters, invoices } from '../../../db/schema/index.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceKind = InvoiceRow['kind'];

/** The invoice a credit note refunds, joined for its number. */
const original = alias(invoices, 'original');

export function toInvoice(row: InvoiceRow, creditForNumber: string | null): Invoice {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    creditForNumber,
    orderId: row.orderId,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    taxRatePercent: row.taxRatePercent,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: 'USD',
    planId: row.planId,
    months: row.months,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    provider: row.provider,
    providerReference: row.providerReference,
  };
}

/** The invoices and invoice_counters tables (module billing/invoices); workspace-scoped reads. */
export function createInvoicesRepository(db: Db) {
  const withOriginal = (tx: Db) =>
    tx
      .select({ invoice: invoices, creditForNumber: original.number })
      .from(invoices)
      .leftJoin(original, eq(original.id, invoices.creditForInvoiceId));
  const answer = ({ invoice, creditForNumber }: { invoice: InvoiceRow; creditForNumber: string | null }) =>
    toInvoice(invoice, creditForNumber);

  return {
    /**
     * The next number of `year`, in the caller's transaction. The counter's row stays locked until
     * that transaction ends, so numbers are handed out one transaction at a time: a rolled-back
     * issue gives its number back with it (no gaps), and no two invoices share one.
     */
    async takeNumber(year: number, tx: Db): Promise<number> {
      const [row] = await tx
        .insert(invoiceCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
        .returning({ last: invoiceCounters.last });
      return row!.last;
    },

    /** Undoes `takeNumber` in the same transaction (its lock is still held, so it was the last one). */
    async giveBackNumber(year: number, tx: Db): Promise<void> {
      await tx
        .update(invoiceCounters)
        .set({ last: sql`${invoiceCounters.last} - 1` })
        .where(eq(invoiceCounters.year, year));
    },

    async findByOrder(orderId: string, kind: InvoiceKind, tx: Db = db): Promise<InvoiceRow | undefined> {
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
      return row;
    },

    async insert(values: NewInvoiceRow, tx: Db): Promise<InvoiceRow> {
      const [row] = await tx.insert(invoices).values(values).returning();
      return row!;
    },

    /** Newest first (by issue, then number: two issued in one instant keep their order). */
    async list(workspaceId: string): Promise<Invoice[]> {
      const rows = await withOriginal(db)
        .where(eq(invoices.workspaceId, workspaceId))
        .orderBy(desc(invoices.issuedAt), desc(invoices.number));
      return rows.map(answer);
    },

    async find(workspaceId: string, id: string): Promise<Invoice | undefined> {
      const [row] = await withOriginal(db).where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.id, id)));
      return row ? answer(row) : undefined;
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
