import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { smsgateRevokedTokens } from '../../db/schema/index.js';

/** Revoked SMSGate API tokens by jti (the table smsgate_revoked_tokens). */
export function createSmsgateTokensRepository(db: Db) {
  return {
    /** Records a revocation (again: no change) and drops revocations of tokens that expired since. */
    async revoke(jti: string, workspaceId: string, expiresAt: Date): Promise<void> {
      await db
        .insert(smsgateRevokedTokens)
        .values({ jti, workspaceId, expiresAt })
        .onConflictDoNothing({ target: smsgateRevokedTokens.jti });
      await db.delete(smsgateRevokedTokens).where(lt(smsgateRevokedTokens.expiresAt, sql`now()`));
    },

    async isRevoked(jti: string): Promise<boolean> {
      const rows = await db
        .select({ jti: smsgateRevokedTokens.jti })
        .from(smsgateRevokedTokens)
        .where(eq(smsgateRevokedTokens.jti, jti));
      return rows.length > 0;
    },
  };
}

export type SmsgateTokensRepository = ReturnType<typeof createSmsgateTokensRepository>;
