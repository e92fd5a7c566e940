import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/database.js';
import { parseSeller } from '../../src/modules/billing/invoices/invoice-parties.js';
import { createInvoices } from '../../src/modules/billing/invoices/invoices.service.js';
import { insertPaidOrder } from '../helpers/billing-fixtures.js';
import { eventually } from '../helpers/expectations.js';
import { createTestServices, TEST_BILLING_CONFIG, type TestServices } from '../helpers/test-services.js';

// Every test issues in its own year (the clock below), so each starts that year's numbers at 1.
describe('invoices', () => {
  let t: TestServices;
  let workspaceId: string;
  let clock = new Date('2030-01-01T00:00:00.000Z');
  const invoicesAt = (taxRatePercent = 0) =>
    createInvoices(t.db, {
      seller: 'Switchboard|Switchboard Messaging Ltd.|billing@switchboard.local|1 Main St|Springfield',
      taxRatePercent,
      workspaces: t.services.workspaces,
      users: t.services.users,
      now: () => clock,
    });
  const inYear = (year: number) => (clock = new Date(`${year}-03-15T12:00:00.000Z`));
  async function waitingOnALock(): Promise<boolean> {
    const query = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    return (await queryRows<{ n: number }>(t.db, query))[0]!.n > 0;
  }

  beforeAll(async () => {
    t = await createTestServices({ start: false });
    ({ workspaceId } = await t.workspace('Acme Workspace'));
  });
  afterAll(() => t.close());

  it('issues one invoice per paid order, its lines and amounts copied from the stored quote', async () => {
    inYear(2030);
    const invoices = invoicesAt();
    const order = await insertPaidOrder(t.db, workspaceId, { planId: 'business', months: 12 });
    const invoice = await t.db.transaction((tx) => invoices.issueForOrder(tx, order));
    expect(invoice).toMatchObject({
      number: 'SB-2030-000001',
      kind: 'invoice',
      creditForNumber: null,
      orderId: order.id,
      lines: order.quote.lines,
      subtotalCents: 948_00 - 94_80 + 200_00,
      taxRatePercent: 0,
      taxCents: 0,
      totalCents: 1053_20,
      currency: 'USD',
      planId: 'business',
      months: 12,
      periodStart: order.quote.periodStart,
      periodEnd: order.quote.periodEnd,
      issuedAt: clock.toISOString(),
      paidAt: order.paidAt!.toISOString(),
      provider: 'test',
      providerReference: order.providerPaymentRef,
    });
    expect(invoice.lines.map((l) => l.kind)).toEqual(['plan', 'discount', 'setup_fee']);
    expect(invoice.seller).toEqual({
      name: 'Switchboard',
      company: 'Switchboard Messaging Ltd.',
      email: 'billing@switchboard.local',
      addressLines: ['1 Main St', 'Springfield'],
      vatId: null,
    });
    expect(await invoices.get(workspaceId, invoice.id)).toEqual(invoice);
  });

  it('answers the same invoice when an order is issued again, without taking a number', async () => {
    inYear(2031);
    const invoices = invoicesAt();
    const order = await insertPaidOrder(t.db, workspaceId);
    const first = await t.db.transaction((tx) => invoices.issueForOrder(tx, order));
    const again = await t.db.transaction((tx) => invoices.issueForOrder(tx, order));
    expect(again).toEqual(first);
    const next = await insertPaidOrder(t.db, workspaceId);
    expect((await t.db.transaction((tx) => invoices.issueForOrder(tx, next))).number).toBe('SB-2031-000002');
  });

  it('numbers 20 concurrent issues 1 to 20, without gaps or duplicates', async () => {
    inYear(2032);
    const invoices = invoicesAt();
    const orders = await Promise.all(Array.from({ length: 20 }, () => insertPaidOrder(t.db, workspaceId)));
    const issued = await Promise.all(orders.map((o) => t.db.transaction((tx) => invoices.issueForOrder(tx, o))));
    const numbers = issued.map((i) => i.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `SB-2032-${String(i + 1).padStart(6, '0')}`));
    expect(new Set(issued.map((i) => i.orderId)).size).toBe(20);
  });

  it('makes one invoice and takes one number when two transactions issue the same order at once', async () => {
    inYear(2029);
    const invoices = invoicesAt();
    const order = await insertPaidOrder(t.db, workspaceId);
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstIssued = false;
    const first = t.db.transaction(async (tx) => {
      const invoice = await invoices.issueForOrder(tx, order);
      firstIssued = true;
      await held; // the counter's row stays locked until this transaction ends
      return invoice;
    });
    await eventually(() => firstIssued, 'the first transaction issued');
    const second = t.db.transaction((tx) => invoices.issueForOrder(tx, order));
    // On PostgreSQL the second waits for the counter's lock (after finding no invoice yet); the
    // embedded database runs one transaction at a time, so there it simply starts after the first.
    if (t.database.dialect === 'postgres') await eventually(() => waitingOnALock(), 'the second waits on the lock');
    commitFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(b.id).toBe(a.id);
    expect(a.number).toBe('SB-2029-000001');
    const next = await insertPaidOrder(t.db, workspaceId);
    expect((await t.db.transaction((tx) => invoices.issueForOrder(tx, next))).number).toBe('SB-2029-000002');
  });

  it('gives the number back when the issuing transaction rolls back', async () => {
    inYear(2033);
    const invoices = invoicesAt();
    const order = await insertPaidOrder(t.db, workspaceId);
    await expect(
      t.db.transaction(async (tx) => {
        await invoices.issueForOrder(tx, order);
        throw new Error('the payment’s transaction failed after the invoice');
      }),
    ).rejects.toThrow('failed after the invoice');
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from invoices where order_id = ${order.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    expect((await t.db.transaction((tx) => invoices.issueForOrder(tx, order))).number).toBe('SB-2033-000001');
  });

  it('starts each year at 000001', async () => {
    const invoices = invoicesAt();
    inYear(2034);
    const a = await t.db.transaction(async (tx) => invoices.issueForOrder(tx, await insertPaidOrder(tx, workspaceId)));
    inYear(2035);
    const b = await t.db.transaction(async (tx) => invoices.issueForOrder(tx, await insertPaidOrder(tx, workspaceId)));
    expect([a.number, b.number]).toEqual(['SB-2034-000001', 'SB-2035-000001']);
  });

  it('issues a credit note: the invoice’s lines and amounts negated, pointing at it, once', async () => {
    inYear(2036);
    const invoices = invoicesAt();
    const paid = await insertPaidOrder(t.db, workspaceId, { planId: 'pro', months: 6, creditCents: 120_00 });
    const invoice = await t.db.transaction((tx) => invoices.issueForOrder(tx, paid));
    const refundedAt = new Date('2036-03-20T08:00:00.000Z');
    const refunded = { ...paid, status: 'refunded' as const, refundedAt };
    const note = await t.db.transaction((tx) => invoices.issueCreditNote(tx, refunded));
    expect(note).toMatchObject({
      number: 'SB-2036-000002',
      kind: 'credit_note',
      creditForNumber: invoice.number,
      orderId: paid.id,
      buyer: invoice.buyer,
      subtotalCents: -invoice.subtotalCents,
      taxCents: 0,
      totalCents: -invoice.totalCents,
      paidAt: refundedAt.toISOString(),
      planId: 'pro',
      months: 6,
    });
    expect(Object.is(note.taxCents, -0)).toBe(false);
    expect(note.lines).toEqual(invoice.lines.map((l) => ({ ...l, amountCents: -l.amountCents })));
    expect(note.lines.find((l) => l.kind === 'proration_credit')!.amountCents).toBe(120_00);
    expect((await t.db.transaction((tx) => invoices.issueCreditNote(tx, refunded))).id).toBe(note.id);
    expect((await invoices.list(workspaceId)).slice(0, 2).map((i) => i.number)).toEqual([note.number, invoice.number]);
  });

  it('issues the missing invoice first when an order without one is refunded', async () => {
    inYear(2037);
    const invoices = invoicesAt();
    const order = await insertPaidOrder(t.db, workspaceId, { status: 'refunded', refundedAt: clock });
    const note = await t.db.transaction((tx) => invoices.issueCreditNote(tx, order));
    expect(note).toMatchObject({ number: 'SB-2037-000002', creditForNumber: 'SB-2037-000001' });
  });

  it('copies the tax of the quote and prints the configured rate', async () => {
    inYear(2038);
    const order = await insertPaidOrder(t.db, workspaceId, { planId: 'starter', months: 1, taxRatePercent: 19 });
    const invoice = await t.db.transaction((tx) => invoicesAt(19).issueForOrder(tx, order));
    expect(invoice).toMatchObject({ subtotalCents: 19_00, taxRatePercent: 19, taxCents: 361, totalCents: 22_61 });
    expect(invoice.lines.at(-1)).toEqual({ kind: 'tax', description: 'Tax 19%', amountCents: 361 });
  });

  it('bills the workspace’s name and an admin’s e-mail until a billing profile is saved, then the profile', async () => {
    inYear(2039);
    const invoices = invoicesAt();
    const other = await t.workspace('Fallback Co');
    const admin = (await t.services.users.members.list(other.workspaceId))[0]!;
    const before = await t.db.transaction(async (tx) =>
      invoices.issueForOrder(tx, await insertPaidOrder(tx, other.workspaceId)),
    );
    expect(before.buyer).toEqual({
      name: 'Fallback Co',
      company: null,
      email: admin.email,
      addressLines: [],
      vatId: null,
    });
    expect(await invoices.profile(other.workspaceId)).toEqual(before.buyer);

    const profile = {
      name: 'Jane Roe',
      company: 'Fallback Co Ltd.',
      email: 'accounts@fallback.example',
      addressLines: ['2 Side St', '', 'Berlin'],
      vatId: 'DE123456789',
    };
    await invoices.saveProfile(other.workspaceId, profile);
    const after = await t.db.transaction(async (tx) =>
      invoices.issueForOrder(tx, await insertPaidOrder(tx, other.workspaceId)),
    );
    expect(after.buyer).toEqual({ ...profile, addressLines: ['2 Side St', 'Berlin'] });
    // Issued invoices keep the buyer they were issued to.
    expect((await invoices.get(other.workspaceId, before.id)).buyer.name).toBe('Fallback Co');
  });

  it('keeps each workspace’s invoices to itself', async () => {
    inYear(2040);
    const invoices = invoicesAt();
    const other = await t.workspace('Other Co');
    const theirs = await t.db.transaction(async (tx) =>
      invoices.issueForOrder(tx, await insertPaidOrder(tx, other.workspaceId)),
    );
    expect((await invoices.list(workspaceId)).map((i) => i.id)).not.toContain(theirs.id);
    await expect(invoices.get(workspaceId, theirs.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(invoices.pdf(workspaceId, theirs.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('parseSeller', () => {
  it('reads name|company|e-mail|address lines', () => {
    expect(parseSeller(TEST_BILLING_CONFIG.seller)).toEqual({
      name: 'Switchboard',
      company: 'Switchboard Messaging Ltd.',
      email: 'billing@switchboard.local',
      addressLines: [],
      vatId: null,
    });
  });

  it('leaves out empty parts', () => {
    expect(parseSeller(' Solo Seller || | Line 1 ||Line 2 ')).toEqual({
      name: 'Solo Seller',
      company: null,
      email: null,
      addressLines: ['Line 1', 'Line 2'],
      vatId: null,
    });
  });
});
