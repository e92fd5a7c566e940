import { eq } from 'drizzle-orm';
import type { ComplianceLanguage, PlanId, RegistrationDetails } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { workspaceAuditLog, workspaces } from '../../db/schema/index.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** The workspace's own opt-out texts (null: the default of its language). */
export interface StoredComplianceTexts {
  language: ComplianceLanguage;
  optOutReply: string | null;
  optInReply: string | null;
  helpReply: string | null;
}

/** The settings whose changes the audit log records. */
type AuditedSetting = { planId: PlanId } | { timeZone: string };

/**
 * Sets one setting and records who did it in the audit log (`{ from, to }`, only when it
 * changes), in one transaction on the locked row; undefined for no such workspace.
 */
async function changeAudited(
  db: Db,
  id: string,
  setting: AuditedSetting,
  userId: string | null,
  action: string,
): Promise<WorkspaceRow | undefined> {
  const [key, to] = Object.entries(setting)[0] as [keyof AuditedSetting, string];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(workspaces).where(eq(workspaces.id, id)).for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(workspaces)
      .set({ ...setting, updatedAt: new Date() })
      .where(eq(workspaces.id, id))
      .returning();
    const from = before[key];
    if (from !== to)
      await tx.insert(workspaceAuditLog).values({ workspaceId: id, userId, action, details: { from, to } });
    return row;
  });
}

/** Workspaces, with the settings other modules keep on them (compliance texts, auto-reply guard). */
export function createWorkspacesRepository(db: Db) {
  return {
    async insert(
      name: string,
      tx: Db = db,
      planId?: PlanId,
      registration?: RegistrationDetails,
    ): Promise<WorkspaceRow> {
      const [row] = await tx.insert(workspaces).values({ name, planId, registration }).returning();
      return row!;
    },
    /** Whether the database has any workspace yet (the demo seed fills only a new one). */
    async any(): Promise<boolean> {
      const [row] = await db.select({ id: workspaces.id }).from(workspaces).limit(1);
      return !!row;
    },
    async findById(id: string, tx: Db = db): Promise<WorkspaceRow | undefined> {
      const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, id));
      return row;
    },
    async setRegistration(id: string, registration: RegistrationDetails, name: string): Promise<WorkspaceRow> {
      const [row] = await db
        .update(workspaces)
        .set({ registration, name, updatedAt: new Date() })
        .where(eq(workspaces.id, id))
        .returning();
      return row!;
    },

    /** Switches the plan, audited as `plan.changed` (in `tx` when given); undefined for no such workspace. */
    changePlan: (id: string, planId: PlanId, userId: string | null, tx: Db = db) =>
      changeAudited(tx, id, { planId }, userId, 'plan.changed'),

    /** Moves the workspace's months to another zone, audited as `timeZone.changed`. */
    setTimeZone: (id: string, timeZone: string, userId: string | null) =>
      changeAudited(db, id, { timeZone }, userId, 'timeZone.changed'),

    /** Locks the workspace's row until the transaction ends (serialises per-workspace limits). */
    async lock(id: string, tx: Db): Promise<void> {
      await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, id)).for('update');
    },

    async complianceTexts(id: string, tx: Db = db): Promise<StoredComplianceTexts | undefined> {
      const [row] = await tx
        .select({
          language: workspaces.complianceLanguage,
          optOutReply: workspaces.optOutReply,
          optInReply: workspaces.optInReply,
          helpReply: workspaces.helpReply,
        })
        .from(workspaces)
        .where(eq(workspaces.id, id));
      return row;
    },

    /** Changes the given texts and language (a null text goes back to the default). */
    async setComplianceTexts(id: string, patch: Partial<StoredComplianceTexts>): Promise<void> {
      await db
        .update(workspaces)
        .set({
          complianceLanguage: patch.language,
          optOutReply: patch.optOutReply,
          optInReply: patch.optInReply,
          helpReply: patch.helpReply,
          updatedAt: new Date(),
        })
        .where(eq(workspaces.id, id));
    },

    async autoReplyHourlyLimit(id: string, tx: Db = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ limit: workspaces.autoReplyHourlyLimit })
        .from(workspaces)
        .where(eq(workspaces.id, id));
      return row?.limit;
    },

    async setAutoReplyHourlyLimit(id: string, limit: number): Promise<void> {
      await db
        .update(workspaces)
        .set({ autoReplyHourlyLimit: limit, updatedAt: new Date() })
        .where(eq(workspaces.id, id));
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
