import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loginFailures, passwordResets, refreshTokens, sessions } from '../../db/schema/index.js';
import { sessionUser } from '../users/users.sql.js';

/** Why a session ended (sessions.revoked_reason); `blocked` and `deactivated`: an admin disabled the account. */
export type RevokeReason = 'logout' | 'reuse' | 'password-reset' | 'password-changed' | 'blocked' | 'deactivated';

/** Sessions, refresh tokens, reset links and failed sign-ins. */
export function createAuthRepository(db: Db) {
  return {
    async createSession(userId: string, rememberMe: boolean, userAgent: string | undefined, tx: Db = db, ip?: string) {
      const [row] = await tx
        .insert(sessions)
        .values({ userId, rememberMe, userAgent: userAgent?.slice(0, 500), ip: ip ?? null })
        .returning({ id: sessions.id });
      return row!.id;
    },

    /** A refresh: the session's last use and address (the sessions list). */
    async touchSession(sessionId: string, ip: string | undefined, tx: Db = db) {
      await tx
        .update(sessions)
        .set({ lastUsedAt: new Date(), ...(ip !== undefined && { ip }) })
        .where(eq(sessions.id, sessionId));
    },

    async insertRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date, tx: Db = db) {
      await tx.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
    },

    /**
     * Marks a refresh token used, atomically: of two requests racing with the same token only one
     * gets the row back. Returns undefined when the token is unknown or already used.
     */
    async consumeRefreshToken(tokenHash: string, tx: Db = db) {
      const [row] = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId, expiresAt: refreshTokens.expiresAt });
      return row;
    },

    async findRefreshToken(tokenHash: string, tx: Db = db) {
      const [row] = await tx
        .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * What authenticating a request or a refresh needs about a session and its user. Only these
     * columns: decoding whole user rows made this hot query four times slower on PGlite.
     */
    async findSessionCaller(sessionId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          sessionId: sessions.id,
          rememberMe: sessions.rememberMe,
          revokedAt: sessions.revokedAt,
          ...sessionUser.columns,
        })
        .from(sessions)
        .innerJoin(sessionUser.table, eq(sessionUser.id, sessions.userId))
        .where(eq(sessions.id, sessionId));
      return row;
    },

    async revokeSession(sessionId: string, reason: RevokeReason, tx: Db = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllSessionsOfUser(userId: string, reason: RevokeReason, tx: Db = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async insertPasswordReset(userId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
    },

    /** Single use: marks the link used and returns its user, or undefined if unknown/used/expired. */
    async consumePasswordReset(tokenHash: string, tx: Db = db) {
      const [row] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row;
    },

    async expireOtherPasswordResets(userId: string, tx: Db = db) {
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    async recordLoginFailure(email: string, ip: string | undefined) {
      await db.insert(loginFailures).values({ email, ip });
    },

    async countRecentLoginFailures(email: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
      return row?.n ?? 0;
    },

    /** Keeps the failure log small; old rows no longer count for anything. */
    async pruneLoginFailures(before: Date) {
      await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < ${before}`);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
