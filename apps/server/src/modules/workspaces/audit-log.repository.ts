import { and, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { workspaceAuditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  workspaceId: string;
  /** Who did it; null for the system (a job, a provider's webhook). */
  userId: string | null;
  action: string;
  details: Record<string, unknown>;
}

export type AuditRow = typeof workspaceAuditLog.$inferSelect;

/** The workspace audit log for other modules' changes (billing's `billing.*` rows). */
export function createAuditLogRepository(db: Db) {
  return {
    /** One row, in the caller's transaction (with the change it records). */
    async record(entry: AuditEntry, tx: Db): Promise<void> {
      await tx.insert(workspaceAuditLog).values(entry);
    },

    /** The workspace's rows whose action starts with `prefix`, newest first. */
    async list(workspaceId: string, prefix: string, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(workspaceAuditLog)
        .where(and(eq(workspaceAuditLog.workspaceId, workspaceId), like(workspaceAuditLog.action, `${prefix}%`)))
        .orderBy(desc(workspaceAuditLog.createdAt), desc(workspaceAuditLog.id))
        .limit(limit);
    },
  };
}
