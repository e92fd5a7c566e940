import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import type { RevokeReason } from './auth.repository.js';

/** A user's own sessions (account settings): the live ones, and signing them out. */
export function createOwnSessionsRepository(db: Db) {
  return {
    /** A user's sessions still signed in (not revoked, a refresh token unused and unexpired), newest use first. */
    async listLiveSessions(userId: string) {
      const live = sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.sessionId} = ${sessions.id}
        and ${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > now())`;
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), live))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
    },

    /** Revokes the user's sessions but `keep` (none: all); answers the ids revoked. */
    async revokeSessionsOfUser(userId: string, reason: RevokeReason, keep?: string, tx: Db = db): Promise<string[]> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    /** Revokes one session of the user; false for another user's, unknown or already revoked one. */
    async revokeOwnSession(userId: string, sessionId: string, reason: RevokeReason): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
  };
}

export type OwnSessionsRepository = ReturnType<typeof createOwnSessionsRepository>;
