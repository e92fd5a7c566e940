import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { recoveryCodes, users } from '../../db/schema/index.js';

/**
 * A user's two-factor state (the users table's two_factor_* columns) and their recovery codes.
 * Secrets arrive and leave sealed (lib/secret-box): this layer never sees a plain one; codes
 * arrive hashed.
 */
export function createTwoFactorRepository(db: Db) {
  return {
    async find(userId: string, tx: Db = db) {
      const [row] = await tx
        .select({
          secret: users.twoFactorSecret,
          pendingSecret: users.twoFactorPendingSecret,
          enabledAt: users.twoFactorEnabledAt,
          lastStep: users.twoFactorLastStep,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async setPendingSecret(userId: string, sealed: string): Promise<void> {
      await db.update(users).set({ twoFactorPendingSecret: sealed }).where(eq(users.id, userId));
    },

    /**
     * Turns it on with the pending secret, the step of the code that confirmed it (so that code
     * cannot sign in) and new recovery codes; false when it was on already or nothing is pending.
     */
    async enable(userId: string, sealed: string, step: number, codeHashes: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({
            twoFactorSecret: sealed,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: new Date(),
            twoFactorLastStep: step,
          })
          .where(and(eq(users.id, userId), isNull(users.twoFactorSecret), eq(users.twoFactorPendingSecret, sealed)))
          .returning({ id: users.id });
        if (rows.length === 0) return false;
        await replaceCodes(tx, userId, codeHashes);
        return true;
      });
    },

    async disable(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            twoFactorSecret: null,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: null,
            twoFactorLastStep: null,
          })
          .where(eq(users.id, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
    },

    /**
     * Records an accepted code's time step, atomically: of two sign-ins racing with one code only
     * one moves the step; a step at or before the last accepted one is refused (a replay).
     */
    async acceptStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    replaceRecoveryCodes: (userId: string, codeHashes: string[]) =>
      db.transaction((tx) => replaceCodes(tx, userId, codeHashes)),

    /** Marks an unused code used (single use, atomic); false for an unknown or used one. */
    async consumeRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
        )
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async unusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
  };
}

async function replaceCodes(tx: Db, userId: string, codeHashes: string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
