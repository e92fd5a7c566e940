import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.js';
import { camelRow } from '../../lib/camel-row.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewDelivery = Pick<
  DeliveryRow,
  'workspaceId' | 'endpointId' | 'eventId' | 'eventType' | 'eventKey' | 'body'
> & {
  nextAttemptAt: Date;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A workspace's endpoints: `workspaceId` is a required argument of every query. */
export function createWebhookEndpointsRepository(db: Db) {
  const ofWorkspace = (workspaceId: string, id: string) =>
    and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));
  return {
    list: (workspaceId: string, tx: Db = db) =>
      tx
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, workspaceId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)),
    async find(workspaceId: string, id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(ofWorkspace(workspaceId, id));
      return row;
    },
    /** The enabled endpoints that receive this event type (what an event fans out to). */
    subscribed: (workspaceId: string, eventType: string) =>
      db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.workspaceId, workspaceId),
            eq(webhookEndpoints.enabled, true),
            sql`${eventType} = any(${webhookEndpoints.events})`,
          ),
        ),
    async insert(values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },
    /** SMSGate-format endpoints of the workspace, oldest first (as SMSGate lists them). */
    listSmsgate: (workspaceId: string) =>
      db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.format, 'smsgate')))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),
    /** An SMSGate webhook by its client id: inserted, or the one with that id replaced (one statement, race-free). */
    async upsertSmsgate(values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values(values)
        .onConflictDoUpdate({
          target: [webhookEndpoints.workspaceId, webhookEndpoints.smsgateId],
          set: {
            url: values.url,
            events: values.events,
            smsgateEvent: values.smsgateEvent,
            deviceId: values.deviceId,
            format: 'smsgate',
            // Registered again: a fresh start, as a new webhook would be.
            enabled: true,
            disabledReason: null,
            failingSince: null,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row!;
    },
    async removeSmsgate(workspaceId: string, smsgateId: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.smsgateId, smsgateId)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },
    async update(
      workspaceId: string,
      id: string,
      values: Partial<typeof webhookEndpoints.$inferInsert>,
    ): Promise<EndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: sql`now()` })
        .where(ofWorkspace(workspaceId, id))
        .returning();
      return row;
    },
    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(ofWorkspace(workspaceId, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },
    /** The endpoints of claimed deliveries (by ids the dispatcher claimed itself). */
    byIds: (ids: string[]) => db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids)),
    /** After a success: the failure streak ends. */
    markHealthy: (id: string) =>
      db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, id)),
    /**
     * After a failed attempt: the streak starts (if it had not) and, when it has lasted
     * `windowMs`, the endpoint is disabled. True only for the call that disabled it.
     */
    async markFailing(id: string, now: Date, windowMs: number, reason: string): Promise<EndpointRow | undefined> {
      await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at(now)})` })
        .where(eq(webhookEndpoints.id, id));
      const since = new Date(now.getTime() - windowMs);
      const [disabled] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
        .where(
          and(
            eq(webhookEndpoints.id, id),
            eq(webhookEndpoints.enabled, true),
            // A callback target is never disabled: each message names it anew (api-callbacks.ts).
            isNull(webhookEndpoints.callbackKeyId),
            sql`${webhookEndpoints.failingSince} <= ${at(since)}`,
          ),
        )
        .returning();
      return disabled;
    },
  };
}

/**
 * Deliveries and their attempts. Enqueue and the workspace's reads take the workspace; the claim
 * and the outcomes work across workspaces on rows the dispatcher claimed itself.
 */
export function createWebhookDeliveriesRepository(db: Db) {
  return {
    /** One row per endpoint and event; the same event announced twice is stored once. */
    async enqueue(rows: NewDelivery[], tx: Db = db): Promise<DeliveryRow[]> {
      if (rows.length === 0) return [];
      return tx.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
    },
    /**
     * Claims whose lease ran out (their instance died mid-send) become due again; the try they
     * were on counts. Kept out of `claim`, whose one condition then reads the due index in order.
     */
    async releaseExpiredLeases(now: Date): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ state: 'pending', nextAttemptAt: now, leaseUntil: null })
        .where(and(eq(webhookDeliveries.state, 'delivering'), lte(webhookDeliveries.leaseUntil, now)));
    },
    /**
     * Claims due deliveries of enabled endpoints with SKIP LOCKED, so instances claim side by side and each row goes to one. A test
     * event goes to a disabled endpoint too: it is how a person checks a receiver before enabling it.
     */
    async claim(now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`
          update webhook_deliveries d set state = 'delivering', attempts = d.attempts + 1,
            lease_until = ${at(new Date(now.getTime() + leaseMs))}
          where d.id in (
            select x.id from webhook_deliveries x
            join webhook_endpoints e on e.id = x.endpoint_id and (e.enabled or x.event_type = 'webhook.test')
            where x.state = 'pending' and x.next_attempt_at <= ${at(now)}
            order by x.next_attempt_at
            limit ${limit}
            for update of x skip locked)
          returning d.*`,
      );
      return rows.map((row) => {
        const delivery = camelRow<DeliveryRow>(row);
        return {
          ...delivery,
          nextAttemptAt: new Date(delivery.nextAttemptAt),
          createdAt: new Date(delivery.createdAt),
        };
      });
    },
    /** Deletes up to `limit` deliveries (with their attempts) settled before `before`; how many. */
    async sweep(before: Date, limit: number): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from webhook_deliveries where id in (
              select id from webhook_deliveries
              where state in ('succeeded', 'failed') and completed_at < ${at(before)}
              limit ${limit})
            returning id`,
      );
      return rows.length;
    },
    async recordAttempts(rows: (typeof webhookAttempts.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(webhookAttempts).values(rows);
    },
    /** Deliveries whose try succeeded, in one statement. */
    async settleSucceeded(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(webhookDeliveries)
        .set({ state: 'succeeded', completedAt: now, leaseUntil: null })
        .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.state, 'delivering')));
    },
    settle: (id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) =>
      db
        .update(webhookDeliveries)
        .set({ ...values, leaseUntil: null })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'delivering'))),
    /** An endpoint's deliveries, newest first, with their attempts. */
    async list(workspaceId: string, endpointId: string, limit: number) {
      const deliveries = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.endpointId, endpointId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      return withAttempts(deliveries);
    },
    async find(workspaceId: string, endpointId: string, id: string) {
      const deliveries = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.workspaceId, workspaceId),
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.id, id),
          ),
        );
      return (await withAttempts(deliveries))[0];
    },
  };

  async function withAttempts(deliveries: DeliveryRow[]) {
    if (deliveries.length === 0) return [];
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          deliveries.map((d) => d.id),
        ),
      )
      .orderBy(webhookAttempts.attempt);
    return deliveries.map((delivery) => ({
      ...delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    }));
  }
}
