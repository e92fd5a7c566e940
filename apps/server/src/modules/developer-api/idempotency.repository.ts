import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export interface StoredAnswer {
  fingerprint: string;
  statusCode: number | null;
  response: unknown;
}

/** How long an `Idempotency-Key` answers with its first request's answer. */
const KEPT = sql`interval '24 hours'`;

/** `Idempotency-Key`s of a workspace; every function takes the workspace and runs in the caller's transaction. */
export function createIdempotencyRepository() {
  return {
    /**
     * Claims the key for this request: inserts its row (or takes over one older than 24 hours).
     * A concurrent claim of the same key waits here on the unique index until the first
     * transaction ends, then gets false (it committed) or the row (it rolled back). The row's id,
     * or null when the key is taken.
     */
    async claim(tx: Db, workspaceId: string, key: string, fingerprint: string): Promise<string | null> {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into idempotency_keys (workspace_id, key, fingerprint)
          values (${workspaceId}, ${key}, ${fingerprint})
          on conflict (workspace_id, key) do update set
            fingerprint = excluded.fingerprint, status_code = null, response = null, created_at = now()
          where idempotency_keys.created_at < now() - ${KEPT}
          returning id`,
      );
      return row?.id ?? null;
    },

    async find(tx: Db, workspaceId: string, key: string): Promise<StoredAnswer | undefined> {
      const [row] = await tx
        .select({
          fingerprint: idempotencyKeys.fingerprint,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key)));
      return row;
    },

    /** Housekeeping (all workspaces, by age): deletes keys past their 24 hours; how many. */
    async deleteExpired(db: Db): Promise<number> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from idempotency_keys where created_at < now() - ${KEPT} returning id`,
      );
      return rows.length;
    },

    async answer(tx: Db, id: string, statusCode: number, response: unknown): Promise<void> {
      await tx.update(idempotencyKeys).set({ statusCode, response }).where(eq(idempotencyKeys.id, id));
    },
  };
}
