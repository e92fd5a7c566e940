import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailVerifications, users } from '../../db/schema/index.js';

/** The public path of a user's avatar; its version changes with every upload, so it is cached for good. */
export const avatarPath = (userId: string, version: number) => `/api/avatars/${userId}/${version}`;

/**
 * What only a user changes about their own account besides profile fields: the avatar's file and
 * the e-mail change (a pending address and its single-use verification links).
 */
export function createOwnAccountRepository(db: Db) {
  return {
    async findAccountExtras(userId: string) {
      const [row] = await db
        .select({
          pendingEmail: users.pendingEmail,
          avatarKey: users.avatarKey,
          avatarVersion: users.avatarVersion,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * Points the user at a new avatar file (the next version, and `photo_url` with it); answers
     * the key of the file it replaces, to delete after the commit.
     */
    async setAvatar(userId: string, avatarKey: string | null): Promise<{ previousKey: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ key: users.avatarKey, version: users.avatarVersion })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!current) return undefined;
        const version = (current.version ?? 0) + 1;
        await tx
          .update(users)
          .set({
            avatarKey,
            avatarVersion: avatarKey ? version : current.version,
            photoUrl: avatarKey ? avatarPath(userId, version) : null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        return { previousKey: current.key };
      });
    },

    /** The stored file of an avatar version, if it is the current one. */
    async findAvatar(userId: string, version: number): Promise<string | undefined> {
      const [row] = await db
        .select({ key: users.avatarKey })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.avatarVersion, version)));
      return row?.key ?? undefined;
    },

    /** A new address waiting for its link; earlier links of the user stop working. */
    async startEmailChange(userId: string, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
        await tx.insert(emailVerifications).values({ userId, email, tokenHash, expiresAt });
        await tx.update(users).set({ pendingEmail: email, updatedAt: new Date() }).where(eq(users.id, userId));
      });
    },

    /**
     * Uses a link (single use, unexpired) and moves its user to the new address, verified; the
     * unique index on addresses refuses one taken meanwhile (the caller answers EMAIL_IN_USE; the
     * transaction rolls back, so the link still works if the address frees up).
     */
    async applyEmailChange(tokenHash: string) {
      return db.transaction(async (tx) => {
        const [link] = await tx
          .update(emailVerifications)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailVerifications.tokenHash, tokenHash),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, new Date()),
            ),
          )
          .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
        if (!link) return undefined;
        const [before] = await tx
          .select({ email: users.email, displayName: users.displayName })
          .from(users)
          .where(eq(users.id, link.userId))
          .for('update');
        if (!before) return undefined;
        await tx
          .update(users)
          .set({
            email: link.email,
            pendingEmail: sql`case when ${users.pendingEmail} = ${link.email} then null else ${users.pendingEmail} end`,
            emailVerifiedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, link.userId));
        return { userId: link.userId, email: link.email, previousEmail: before.email, displayName: before.displayName };
      });
    },
  };
}

export type OwnAccountRepository = ReturnType<typeof createOwnAccountRepository>;
