import { and, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { billingSubscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
type SubscriptionPatch = Partial<Omit<typeof billingSubscriptions.$inferInsert, 'workspaceId'>>;

/** billing_subscriptions (module billing): which period each workspace paid for. */
export function createBillingSubscriptionsRepository(db: Db) {
  return {
    async subscription(workspaceId: string, tx: Db = db): Promise<SubscriptionRow | undefined> {
      const [row] = await tx
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.workspaceId, workspaceId));
      return row;
    },

    async saveSubscription(workspaceId: string, patch: SubscriptionPatch, tx: Db): Promise<SubscriptionRow> {
      const values = { ...patch, updatedAt: new Date() };
      const [row] = await tx
        .insert(billingSubscriptions)
        .values({ workspaceId, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.workspaceId, set: values })
        .returning();
      return row!;
    },

    /** Workspaces whose paid period has ended by `now` (the period-end job's work). */
    async endedPeriods(now: Date): Promise<string[]> {
      const rows = await db
        .select({ workspaceId: billingSubscriptions.workspaceId })
        .from(billingSubscriptions)
        .where(and(ne(billingSubscriptions.status, 'none'), lte(billingSubscriptions.periodEnd, now)));
      return rows.map((r) => r.workspaceId);
    },

    /** Running periods ending by `until` with no next period paid and not canceling: reminder candidates. */
    async endingSoon(until: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.status, 'active'),
            sql`${billingSubscriptions.nextOrderId} is null`,
            isNotNull(billingSubscriptions.periodEnd),
            lte(billingSubscriptions.periodEnd, until),
          ),
        );
    },

    /**
     * Claims a reminder for this period end (once each, across instances): true when this caller
     * is the one to send it.
     */
    async claimReminder(workspaceId: string, which: 7 | 1, periodEnd: Date): Promise<boolean> {
      const column = which === 7 ? billingSubscriptions.reminder7SentFor : billingSubscriptions.reminder1SentFor;
      const set = which === 7 ? { reminder7SentFor: periodEnd } : { reminder1SentFor: periodEnd };
      const rows = await db
        .update(billingSubscriptions)
        .set(set)
        .where(
          and(
            eq(billingSubscriptions.workspaceId, workspaceId),
            eq(billingSubscriptions.periodEnd, periodEnd),
            sql`${column} is distinct from ${periodEnd.toISOString()}::timestamptz`,
          ),
        )
        .returning({ workspaceId: billingSubscriptions.workspaceId });
      return rows.length > 0;
    },
  };
}
