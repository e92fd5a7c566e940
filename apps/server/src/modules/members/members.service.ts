import type { Member, UserData, UserRole } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { AuthService } from '../auth/auth.service.js';
import { toUserData } from '../users/user-data.js';
import type { MemberRow, UsersService } from '../users/users.service.js';

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    role: row.role,
    status: row.status,
    photoURL: row.photoUrl,
  };
}

interface RoleChange {
  member: Member;
  /** The member's new `userData`, for the `user.updated` event to their own sockets. */
  userData: UserData;
  /** False when the member already had that role (nothing to announce). */
  changed: boolean;
}

/** The people of a workspace and their roles; every call is scoped to the caller's workspace. */
export function createMembersService(
  db: Db,
  users: Pick<UsersService, 'members'>,
  events: EventPublisher,
  /** A member's cached sessions carry the role: a change must reach them at once, on every instance. */
  sessions: Pick<AuthService, 'userChanged' | 'forgetUser'>,
) {
  // Members are rows of the users table: the users module reads and writes them.
  const repo = users.members;
  // Same answer for "no such user" and "a user of another workspace": never reveal the latter.
  const notFound = () => new AppError('NOT_FOUND', 'No such member in this workspace.');

  return {
    list: async (workspaceId: string): Promise<Member[]> => (await repo.list(workspaceId)).map(toMember),

    /**
     * Sets a member's role. The workspace must keep at least one active admin, so the last one
     * cannot be demoted (`LAST_ADMIN`); the admins are locked first, so two admins demoting each
     * other at the same moment cannot both succeed. After the commit, a real change is sent to the
     * member's own sockets (`user.updated`): their open apps switch their access rules and stored
     * role without a reload. Their sessions' cached look-ups (which carry the role) are forgotten
     * on every instance, so their next request is judged by the new role.
     */
    async changeRole(workspaceId: string, memberId: string, role: UserRole): Promise<Member> {
      const change = await db.transaction(async (tx): Promise<RoleChange> => {
        const admins = await repo.lockActiveAdmins(workspaceId, tx);
        const current = await repo.lockInWorkspace(workspaceId, memberId, tx);
        if (!current) throw notFound();
        if (current.role === role) {
          return { member: toMember(current), userData: toUserData(current), changed: false };
        }
        const remainingAdmins = admins.filter((id) => id !== memberId);
        if (role !== 'admin' && remainingAdmins.length === 0) {
          throw new AppError('LAST_ADMIN', 'This is the last admin of the workspace. Make another member admin first.');
        }
        const updated = await repo.setRole(workspaceId, memberId, role, tx);
        if (!updated) throw notFound();
        await sessions.userChanged(memberId, tx);
        return { member: toMember(updated), userData: toUserData(updated), changed: true };
      });
      if (change.changed) {
        sessions.forgetUser(memberId);
        events.toUser(change.member.id, 'user.updated', { userData: change.userData });
      }
      return change.member;
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
