import type { UpdateTeamUserBody, UserStatus } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/pg-errors.js';
import type { EventPublisher } from '../../realtime/publisher.js';
import type { AuthService } from '../auth/auth.service.js';
import { toUserData } from '../users/user-data.js';
import type { MemberRow, TeamUserRow, UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';

export interface TeamAccessDeps {
  db: Db;
  users: Pick<UsersService, 'members' | 'team'>;
  /** The user's sessions: their cached look-ups carry role and status; a disabled user's are revoked. */
  sessions: Pick<AuthService, 'userChanged' | 'forgetUser' | 'revokeAllSessions'>;
  events: EventPublisher;
  workspaces: Pick<WorkspacesService, 'auditLog'>;
}

/** What a committed change still has to announce. */
interface Outcome {
  user: TeamUserRow;
  roleChanged: boolean;
  statusChanged: boolean;
  nameChanged: boolean;
}

// Same answer for "no such user" and "a user of another workspace": never reveal the latter.
const notFound = () => new AppError('NOT_FOUND', 'No such user in this workspace.');
const isActiveAdmin = (user: { role: string; status: UserStatus }) => user.role === 'admin' && user.status === 'active';

/**
 * Changes to a member that act on their open sessions at once: role, status (block, deactivate,
 * reactivate), profile fields, and removal. The workspace always keeps an active admin
 * (`LAST_ADMIN`): its active admins are locked first (in id order), so two admins demoting,
 * blocking or removing each other at the same moment cannot both succeed.
 */
export function createTeamAccess(deps: TeamAccessDeps) {
  const { db, users, sessions, events, workspaces } = deps;

  /** Locks the admins and the member; refuses a change that leaves no active admin. */
  async function lockForChange(workspaceId: string, userId: string, leavesAdmin: (m: MemberRow) => boolean, tx: Db) {
    const admins = await users.members.lockActiveAdmins(workspaceId, tx);
    const current = await users.members.lockInWorkspace(workspaceId, userId, tx);
    if (!current) throw notFound();
    if (isActiveAdmin(current) && leavesAdmin(current) && admins.every((id) => id === userId)) {
      throw new AppError(
        'LAST_ADMIN',
        'The workspace must keep an active admin, and this is its last admin. Make another member admin first.',
      );
    }
    return current;
  }

  const audit = (workspaceId: string, actorId: string | null, action: string, details: object, tx: Db) =>
    workspaces.auditLog.record({ workspaceId, userId: actorId, action, details: { ...details } }, tx);

  /** After the commit: this instance forgets the user's cached sessions; their open tabs hear of it. */
  function announce(outcome: Outcome): void {
    const { user, roleChanged, statusChanged, nameChanged } = outcome;
    if (roleChanged || statusChanged) sessions.forgetUser(user.id);
    if (statusChanged && user.status !== 'active') {
      events.toUser(user.id, 'session.revoked', { reason: user.status === 'blocked' ? 'blocked' : 'deactivated' });
    } else if (roleChanged || nameChanged) {
      events.toUser(user.id, 'user.updated', { userData: toUserData(user) });
    }
  }

  return {
    /**
     * Profile fields, role and status in one change. Blocking or deactivating revokes every
     * session of the user (their access token stops working at once, a refresh fails) and tells
     * their tabs (`session.revoked`); a role or name change reaches their tabs as `user.updated`.
     */
    async update(workspaceId: string, actorId: string | null, userId: string, patch: UpdateTeamUserBody) {
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const leavesAdmin = (m: MemberRow) =>
          (patch.role ?? m.role) !== 'admin' || (patch.status ?? m.status) !== 'active';
        const current = await lockForChange(workspaceId, userId, leavesAdmin, tx);
        try {
          await users.team.update(workspaceId, userId, patch, tx);
        } catch (error) {
          if (uniqueViolation(error)?.includes('username')) {
            throw new AppError('USERNAME_TAKEN', 'This username is taken. Please choose another one.');
          }
          throw error;
        }
        const user = (await users.team.find(workspaceId, userId, tx))!;
        const roleChanged = user.role !== current.role;
        const statusChanged = user.status !== current.status;
        if (statusChanged && user.status !== 'active') {
          await sessions.revokeAllSessions(userId, user.status === 'blocked' ? 'blocked' : 'deactivated', tx);
        } else if (roleChanged || statusChanged) {
          await sessions.userChanged(userId, tx);
        }
        if (roleChanged)
          await audit(workspaceId, actorId, 'team.role-changed', { userId, from: current.role, to: user.role }, tx);
        if (statusChanged) {
          await audit(
            workspaceId,
            actorId,
            'team.status-changed',
            { userId, from: current.status, to: user.status },
            tx,
          );
        }
        return { user, roleChanged, statusChanged, nameChanged: user.displayName !== current.displayName };
      });
      announce(outcome);
      return outcome.user;
    },

    /**
     * Deletes the account (their sessions go with it; what they made stays, with its author
     * cleared). The last active admin can't be removed, not even by themselves; anyone else can,
     * an admin leaving the workspace included. Their open tabs hear `session.revoked` (removed).
     */
    async remove(workspaceId: string, actorId: string | null, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lockForChange(workspaceId, userId, () => true, tx);
        await sessions.userChanged(userId, tx); // other instances forget the cached sessions on commit
        await users.team.remove(workspaceId, userId, tx);
        const details = { userId, email: current.email, displayName: current.displayName, role: current.role };
        await audit(workspaceId, actorId, 'team.user-removed', details, tx);
      });
      sessions.forgetUser(userId);
      events.toUser(userId, 'session.revoked', { reason: 'removed' });
    },
  };
}

export type TeamAccess = ReturnType<typeof createTeamAccess>;
