import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users, type UserRow } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;

export function createUsersRepository(db: Db) {
  return {
    async findByEmail(email: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    /** Only the columns of `userData`: decoding whole rows is the slow part of this query on PGlite. */
    async findPublicById(id: string) {
      const [row] = await db
        .select({
          id: users.id,
          displayName: users.displayName,
          email: users.email,
          photoUrl: users.photoUrl,
          providerId: users.providerId,
          role: users.role,
          workspaceId: users.workspaceId,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
    async insert(user: NewUser, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(user).returning();
      return row!;
    },
    async setPasswordHash(id: string, passwordHash: string, tx: Db = db): Promise<void> {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
