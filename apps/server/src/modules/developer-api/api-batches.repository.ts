import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { messageBatches } from '../../db/schema/index.js';

export type BatchRow = typeof messageBatches.$inferSelect;
export type NewBatch = typeof messageBatches.$inferInsert & { id: string; workspaceId: string };

/** The developer API's batches; every function takes the workspace. */
export function createApiBatchesRepository(db: Db) {
  return {
    /** In the transaction that queued its messages. */
    async insert(batch: NewBatch, tx: Db = db): Promise<BatchRow> {
      const [row] = await tx.insert(messageBatches).values(batch).returning();
      return row!;
    },

    async find(workspaceId: string, id: string): Promise<BatchRow | undefined> {
      const [row] = await db
        .select()
        .from(messageBatches)
        .where(and(eq(messageBatches.workspaceId, workspaceId), eq(messageBatches.id, id)));
      return row;
    },
  };
}
