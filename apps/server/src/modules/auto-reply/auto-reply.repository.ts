import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { autoReplyRules, type autoReplyFirings } from '../../db/schema/index.js';
import { pgColumn } from '../../lib/pg-array.js';

export type RuleRow = typeof autoReplyRules.$inferSelect;
export type NewRule = Omit<typeof autoReplyRules.$inferInsert, 'id' | 'workspaceId' | 'priority'>;

/** What the guards need to know of a contact's recent auto-replies. */
export interface RecentFirings {
  /** Auto-replies to the contact since `hourAgo`, and the oldest of them. */
  inLastHour: number;
  oldestInLastHour: Date | null;
  /** The latest time the rule asked about answered the contact (within the looked-at window). */
  lastOfRule: Date | null;
}

/** A firing as recorded: its reply, or why none was queued. */
export type Firing = Required<Omit<typeof autoReplyFirings.$inferInsert, 'id'>>;

/**
 * Records an inbound batch's firings in one statement: a firing with its reply counts on its
 * rule; one whose reply the quota refused (`skipReason` 'quota', no reply) is kept for the
 * record and counts nowhere. Returns each counted rule's new count and time.
 */
async function recordFirings(
  tx: Db,
  firings: Firing[],
): Promise<Array<{ ruleId: string; workspaceId: string; firedCount: number; lastFiredAt: Date }>> {
  if (firings.length === 0) return [];
  const column = (pick: (firing: Firing) => string | null, type: string) => pgColumn(firings, type, pick);
  const rows = await queryRows<{
    id: string;
    workspace_id: string;
    fired_count: number;
    last_fired_at: string | Date;
  }>(
    tx,
    sql`with f as (
        insert into auto_reply_firings (workspace_id, rule_id, contact_id, inbound_message_id, reply_message_id,
          skip_reason, created_at)
        select * from unnest(${column((f) => f.workspaceId, 'uuid')}, ${column((f) => f.ruleId, 'uuid')},
          ${column((f) => f.contactId, 'uuid')}, ${column((f) => f.inboundMessageId, 'uuid')},
          ${column((f) => f.replyMessageId, 'uuid')}, ${column((f) => f.skipReason, 'text')},
          ${column((f) => f.createdAt.toISOString(), 'timestamptz')})
        returning rule_id, workspace_id, skip_reason, created_at
      ), counted as (
        select rule_id, workspace_id, count(*)::int as fired, max(created_at) as last from f
        where skip_reason is null group by rule_id, workspace_id
      )
      update auto_reply_rules r set fired_count = fired_count + counted.fired, last_fired_at = counted.last
      from counted where r.id = counted.rule_id and r.workspace_id = counted.workspace_id
      returning r.id, r.workspace_id, r.fired_count, r.last_fired_at`,
  );
  return rows.map((row) => ({
    ruleId: row.id,
    workspaceId: row.workspace_id,
    firedCount: row.fired_count,
    lastFiredAt: new Date(row.last_fired_at),
  }));
}

/** Auto-reply rules and firings. Every function takes the workspace it works in. */
export function createAutoReplyRepository(db: Db) {
  return {
    list: (workspaceId: string, tx: Db = db) =>
      tx
        .select()
        .from(autoReplyRules)
        .where(eq(autoReplyRules.workspaceId, workspaceId))
        .orderBy(asc(autoReplyRules.priority), asc(autoReplyRules.createdAt)),

    async find(workspaceId: string, id: string): Promise<RuleRow | undefined> {
      const [row] = await db
        .select()
        .from(autoReplyRules)
        .where(and(eq(autoReplyRules.workspaceId, workspaceId), eq(autoReplyRules.id, id)));
      return row;
    },

    /**
     * Inserts the rule after the workspace's last one, in the caller's transaction (which holds
     * the workspace's lock, so the count and the insert cannot race another insert).
     */
    async insertLast(workspaceId: string, rule: NewRule, maxRules: number, tx: Db): Promise<RuleRow | 'too-many'> {
      const [count] = await queryRows<{ n: number; last: number }>(
        tx,
        sql`select count(*)::int as n, coalesce(max(priority), 0)::int as last
          from auto_reply_rules where workspace_id = ${workspaceId}`,
      );
      const { n, last } = count ?? { n: 0, last: 0 };
      if (n >= maxRules) return 'too-many';
      const [row] = await tx
        .insert(autoReplyRules)
        .values({ ...rule, workspaceId, priority: last + 1 })
        .returning();
      return row!;
    },

    async update(workspaceId: string, id: string, patch: Partial<NewRule>): Promise<RuleRow | undefined> {
      const [row] = await db
        .update(autoReplyRules)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(autoReplyRules.workspaceId, workspaceId), eq(autoReplyRules.id, id)))
        .returning();
      return row;
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(autoReplyRules)
        .where(and(eq(autoReplyRules.workspaceId, workspaceId), eq(autoReplyRules.id, id)))
        .returning({ id: autoReplyRules.id });
      return rows.length > 0;
    },

    /** Gives the rules positions 1…n in the order of `ids` (which the caller checked is every rule). */
    async reorder(workspaceId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.execute(sql`update auto_reply_rules r set priority = o.position, updated_at = now()
        from unnest(array[${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}]) with ordinality as o(id, position)
        where r.id = o.id and r.workspace_id = ${workspaceId}`);
    },

    /** The contact's auto-replies since `since` (one index range: contact, time); skips do not count. */
    async recentFirings(
      tx: Db,
      workspaceId: string,
      contactId: string,
      ruleId: string,
      hourAgo: Date,
      since: Date,
    ): Promise<RecentFirings> {
      const [row] = await queryRows<{ hourly: number; oldest: string | null; last_of_rule: string | null }>(
        tx,
        sql`select count(*) filter (where created_at > ${hourAgo})::int as hourly,
            min(created_at) filter (where created_at > ${hourAgo}) as oldest,
            max(created_at) filter (where rule_id = ${ruleId}) as last_of_rule
          from auto_reply_firings
          where contact_id = ${contactId} and workspace_id = ${workspaceId} and created_at > ${since}
            and skip_reason is null`,
      );
      return {
        inLastHour: row?.hourly ?? 0,
        oldestInLastHour: row?.oldest ? new Date(row.oldest) : null,
        lastOfRule: row?.last_of_rule ? new Date(row.last_of_rule) : null,
      };
    },

    recordFirings,
  };
}

export type AutoReplyRepository = ReturnType<typeof createAutoReplyRepository>;
