import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CampaignState } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { campaigns } from '../../db/schema/index.js';
import { cursorText, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Partial<
  Pick<
    CampaignRow,
    'name' | 'networkIds' | 'audience' | 'body' | 'sendAt' | 'scheduleTimeZone' | 'ratePerSecond' | 'quietHours'
  >
>;
/** Who made a campaign: a member (`createdBy`), or an API key (its id and name). */
export type CampaignCreator = Partial<Pick<CampaignRow, 'createdBy' | 'createdByApiKeyId' | 'createdByApiKeyName'>>;
/** What a state change writes besides the state. */
export type CampaignChange = Partial<
  Pick<CampaignRow, 'networkRates' | 'exclusions' | 'failureReason' | 'startedAt' | 'finishedAt'>
>;

/** The workspace's campaigns; every function takes the workspace. */
export function createCampaignsRepository(db: Db) {
  return {
    async insert(
      workspaceId: string,
      creator: CampaignCreator,
      values: CampaignValues & Pick<CampaignRow, 'name' | 'audience'>,
      tx: Db = db,
    ): Promise<CampaignRow> {
      const [row] = await tx
        .insert(campaigns)
        .values({ ...values, ...creator, workspaceId })
        .returning();
      return row!;
    },

    async find(workspaceId: string, id: string, tx: Db = db): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
      return row;
    },

    /** In the caller's transaction: the row, locked until the commit (every state change starts here). */
    async lock(workspaceId: string, id: string, tx: Db): Promise<CampaignRow | undefined> {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .for('update');
      return row;
    },

    /** Newest first, keyset pages on (created_at, id). */
    async page(workspaceId: string, state: CampaignState | undefined, cursor: string | undefined, limit: number) {
      const conditions = [eq(campaigns.workspaceId, workspaceId)];
      if (state) conditions.push(eq(campaigns.state, state));
      if (cursor) {
        const { at, id } = decodeCursor(cursor);
        conditions.push(sql`(${campaigns.createdAt}, ${campaigns.id}) < (${at}::timestamptz, ${id}::uuid)`);
      }
      const rows = await db
        .select({ row: campaigns, cursorAt: cursorText(sql`${campaigns.createdAt}`) })
        .from(campaigns)
        .where(and(...conditions))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit + 1);
      const more = rows.length > limit;
      const kept = more ? rows.slice(0, limit) : rows;
      const last = kept.at(-1);
      return {
        rows: kept.map((r) => r.row),
        nextCursor: more && last ? encodeCursor({ at: last.cursorAt as string, id: last.row.id }) : null,
      };
    },

    /** The names of the workspace's campaigns among `ids` (others are left out). */
    async names(workspaceId: string, ids: string[]): Promise<Array<Pick<CampaignRow, 'id' | 'name'>>> {
      if (ids.length === 0) return [];
      return db
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, workspaceId), inArray(campaigns.id, ids)));
    },

    async update(workspaceId: string, id: string, values: CampaignValues, tx: Db = db): Promise<CampaignRow> {
      const [row] = await tx
        .update(campaigns)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .returning();
      return row!;
    },

    async setState(
      workspaceId: string,
      id: string,
      state: CampaignState,
      change: CampaignChange,
      tx: Db = db,
    ): Promise<CampaignRow> {
      const [row] = await tx
        .update(campaigns)
        .set({ ...change, state, updatedAt: new Date() })
        .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
        .returning();
      return row!;
    },

    async delete(workspaceId: string, id: string, tx: Db): Promise<void> {
      await tx.delete(campaigns).where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)));
    },

    /** Across workspaces (the ticker): scheduled campaigns whose time came. */
    async dueSchedules(now: Date): Promise<Array<Pick<CampaignRow, 'id' | 'workspaceId'>>> {
      return db
        .select({ id: campaigns.id, workspaceId: campaigns.workspaceId })
        .from(campaigns)
        .where(and(eq(campaigns.state, 'scheduled'), lte(campaigns.sendAt, now)))
        .limit(20);
    },

    /** Across workspaces (the gate, told by another instance that the campaign changed): its state now. */
    stateOf: async (id: string): Promise<CampaignState | undefined> =>
      (await db.select({ state: campaigns.state }).from(campaigns).where(eq(campaigns.id, id)))[0]?.state,

    /** Across workspaces (the ticker and the gate): campaigns that send, may still have claims out, or just finished. */
    async active(): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(
          // Finished ones for 10 minutes more: a cancel's leftovers, and delivery reports, replies
          // and opt-outs that keep moving a completed campaign's counts after its last send.
          sql`${campaigns.state} in ('sending', 'paused') or (${campaigns.state} in ('cancelled', 'completed')
            and ${campaigns.finishedAt} > now() - interval '10 minutes')`,
        );
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
