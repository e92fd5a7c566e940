import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { billingOrders, billingProviderEvents } from '../../db/schema/index.js';

export type OrderRow = typeof billingOrders.$inferSelect;
export type NewOrder = typeof billingOrders.$inferInsert;

const HISTORY_LIMIT = 100;

/** billing_orders and billing_provider_events (module billing). */
export function createBillingOrdersRepository(db: Db) {
  return {
    /** Inserts unless the (scope, key) exists; a racing twin waits on the unique index and inserts nothing. */
    async insertOrder(order: NewOrder): Promise<{ row: OrderRow; created: boolean }> {
      const [row] = await db.insert(billingOrders).values(order).onConflictDoNothing().returning();
      if (row) return { row, created: true };
      const [existing] = await db
        .select()
        .from(billingOrders)
        .where(
          and(
            eq(billingOrders.idempotencyScope, order.idempotencyScope),
            eq(billingOrders.idempotencyKey, order.idempotencyKey),
          ),
        );
      return { row: existing!, created: false };
    },

    async orderByKey(scope: string, key: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.idempotencyScope, scope), eq(billingOrders.idempotencyKey, key)));
      return row;
    },

    async order(id: string, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(billingOrders).where(eq(billingOrders.id, id));
      return row;
    },

    async orderByProviderRef(provider: OrderRow['provider'], ref: string, tx: Db): Promise<OrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.provider, provider), eq(billingOrders.providerRef, ref)));
      return row;
    },

    async updateOrder(id: string, patch: Partial<NewOrder>, tx: Db = db): Promise<OrderRow | undefined> {
      const [row] = await tx.update(billingOrders).set(patch).where(eq(billingOrders.id, id)).returning();
      return row;
    },

    /** Moves a pending order on; undefined when it was not pending (someone else got there first). */
    async settlePending(id: string, patch: Partial<NewOrder>, tx: Db = db): Promise<OrderRow | undefined> {
      // An order that will never make its account forgets the sign-up (its password hash) at once.
      const forget = patch.status && patch.status !== 'paid' ? { signUp: null } : {};
      const [row] = await tx
        .update(billingOrders)
        .set({ ...patch, ...forget })
        .where(and(eq(billingOrders.id, id), eq(billingOrders.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * Closes checkouts left unfinished since `before` (canceled, their sign-up forgotten) and
     * answers how many. A payment that still arrives for one is refunded (billing-settle.ts).
     */
    async abandonPending(before: Date, reason: string): Promise<number> {
      const rows = await db
        .update(billingOrders)
        .set({ status: 'canceled', failureReason: reason, signUp: null })
        .where(and(eq(billingOrders.status, 'pending'), lt(billingOrders.createdAt, before)))
        .returning({ id: billingOrders.id });
      return rows.length;
    },

    /** Marks the claim token used; false when it already was. */
    async claim(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(billingOrders)
        .set({ claimedAt: at })
        .where(and(eq(billingOrders.id, id), sql`${billingOrders.claimedAt} is null`))
        .returning({ id: billingOrders.id });
      return rows.length > 0;
    },

    /** Paid, failed and refunded orders of the workspace (its payment history), newest first. */
    async payments(workspaceId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(billingOrders)
        .where(
          and(
            eq(billingOrders.workspaceId, workspaceId),
            inArray(billingOrders.status, ['paid', 'failed', 'refunded']),
          ),
        )
        .orderBy(desc(billingOrders.createdAt))
        .limit(HISTORY_LIMIT);
    },

    /** Records a provider event; false when it was handled before (the repeat does nothing). */
    async recordEvent(provider: OrderRow['provider'], eventId: string, type: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .insert(billingProviderEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing()
        .returning({ eventId: billingProviderEvents.eventId });
      return rows.length > 0;
    },
  };
}
