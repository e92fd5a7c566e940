import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { smsgateSigningKeys } from '../../db/schema/webhooks.js';

/** The workspaces' sealed SMSGate signing keys (one row per workspace). */
export function createSmsgateSigningKeysRepository(db: Db) {
  return {
    async find(workspaceId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ keySealed: smsgateSigningKeys.keySealed })
        .from(smsgateSigningKeys)
        .where(eq(smsgateSigningKeys.workspaceId, workspaceId));
      return row?.keySealed;
    },
    /** Stores it unless the workspace has one (two instances making it at once: the first wins). */
    async insertIfMissing(workspaceId: string, keySealed: string): Promise<void> {
      await db.insert(smsgateSigningKeys).values({ workspaceId, keySealed }).onConflictDoNothing();
    },
    async replace(workspaceId: string, keySealed: string): Promise<void> {
      await db
        .insert(smsgateSigningKeys)
        .values({ workspaceId, keySealed })
        .onConflictDoUpdate({ target: smsgateSigningKeys.workspaceId, set: { keySealed, updatedAt: sql`now()` } });
    },
  };
}
