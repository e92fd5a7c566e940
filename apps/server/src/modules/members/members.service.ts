import type { Member, UserRole } from '@switchboard/contract';
import type { MemberRow, UsersService } from '../users/users.service.js';
import type { TeamAccess } from '../team/team-access.js';

function toMember(row: Pick<MemberRow, 'id' | 'displayName' | 'email' | 'role' | 'status' | 'photoUrl'>): Member {
  return {
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    role: row.role,
    status: row.status,
    photoURL: row.photoUrl,
  };
}

/**
 * The people of a workspace and their roles (`/api/members`, the short list); every call is
 * scoped to the caller's workspace. A role change is the team's (team-access.ts): the last admin
 * rule, the sessions' cached roles and `user.updated` are kept in one place.
 */
export function createMembersService(users: Pick<UsersService, 'members'>, access: Pick<TeamAccess, 'update'>) {
  return {
    list: async (workspaceId: string): Promise<Member[]> => (await users.members.list(workspaceId)).map(toMember),

    /** Sets a member's role; the workspace keeps at least one active admin (`LAST_ADMIN`). */
    async changeRole(workspaceId: string, memberId: string, role: UserRole, actorId: string | null = null) {
      return toMember(await access.update(workspaceId, actorId, memberId, { role }));
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
