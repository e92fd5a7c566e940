import type { Db } from '../../db/database.js';
import { createMembersRepository } from './members.repository.js';
import { createOwnAccountRepository } from './own-account.repository.js';
import { createPreferencesRepository } from './preferences.repository.js';
import { createTeamUsersRepository } from './team-users.repository.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createUsersRepository } from './users.repository.js';

export type { MemberRow } from './members.repository.js';
export type { StoredPreferences } from './preferences.repository.js';
export type { TeamUserRow } from './team-users.repository.js';
export type { UserRow } from './users.sql.js';

/**
 * The users table's one owner. Accounts for auth (by e-mail, by id, new users, passwords); the
 * members of a workspace and their roles for the members module (locks included, in the
 * caller's transaction); the team's full records (every §3 field) for the team module; a user's
 * stored UI preferences for the preferences module.
 */
export function createUsersService(db: Db) {
  const accounts = createUsersRepository(db);
  const members = createMembersRepository(db);
  const preferences = createPreferencesRepository(db);
  const team = createTeamUsersRepository(db);
  const ownAccount = createOwnAccountRepository(db);
  return {
    findByEmail: accounts.findByEmail,
    findById: accounts.findById,
    findPublicById: accounts.findPublicById,
    insert: accounts.insert,
    setPasswordHash: accounts.setPasswordHash,

    /** A workspace's members (`workspaceId` first in each). */
    members: {
      list: members.list,
      lockInWorkspace: members.lockInWorkspace,
      lockActiveAdmins: members.lockActiveAdmins,
      setRole: members.setRole,
    },

    /**
     * A workspace's users with every profile field (the team module; a user's own account):
     * pages, one record, profile/role/status changes, removal (`workspaceId` first in each).
     */
    team: { page: team.page, find: team.find, update: team.update, remove: team.remove },

    /** A user's own preferences (by the signed-in user's id). */
    preferences: { find: preferences.find, update: preferences.update },

    /** A user's own account (account module): avatar file, e-mail change; by the signed-in user's id. */
    ownAccount,
    /** Two-factor state and recovery codes (account module's setup, auth's sign-in step). */
    twoFactor: createTwoFactorRepository(db),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
