import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserRole } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { users, type UserRow } from '../../db/schema/index.js';

/** The columns a member answer and the `user.updated` event need; nothing secret. */
const memberColumns = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  role: users.role,
  status: users.status,
  photoUrl: users.photoUrl,
  providerId: users.providerId,
  workspaceId: users.workspaceId,
};

export type MemberRow = Pick<
  UserRow,
  'id' | 'displayName' | 'email' | 'role' | 'status' | 'photoUrl' | 'providerId' | 'workspaceId'
>;

/** The users of one workspace; `workspaceId` is a required argument of every query. */
export function createMembersRepository(db: Db) {
  return {
    /** In the caller's transaction when given (the embedded database has one connection). */
    async list(workspaceId: string, tx: Db = db): Promise<MemberRow[]> {
      return tx
        .select(memberColumns)
        .from(users)
        .where(eq(users.workspaceId, workspaceId))
        .orderBy(asc(sql`lower(${users.displayName})`), asc(users.email));
    },

    /** Locks the member's row for the rest of the transaction; undefined for a user of another workspace. */
    async lockInWorkspace(workspaceId: string, userId: string, tx: Db): Promise<MemberRow | undefined> {
      const [row] = await tx
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.workspaceId, workspaceId), eq(users.id, userId)))
        .for('update');
      return row;
    },

    /**
     * Locks the workspace's active admins, always in id order so that two role changes in the same
     * workspace queue behind each other instead of deadlocking; returns their ids.
     */
    async lockActiveAdmins(workspaceId: string, tx: Db): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.workspaceId, workspaceId), eq(users.role, 'admin'), eq(users.status, 'active')))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    async setRole(workspaceId: string, userId: string, role: UserRole, tx: Db): Promise<MemberRow | undefined> {
      const [row] = await tx
        .update(users)
        .set({ role, updatedAt: new Date() })
        .where(and(eq(users.workspaceId, workspaceId), eq(users.id, userId)))
        .returning(memberColumns);
      return row;
    },
  };
}
