import type { Account, UpdateAccountBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/pg-errors.js';
import { toUserData } from '../users/user-data.js';
import { toTeamUser } from '../users/team-user.js';
import type { AccountDeps } from './account-deps.js';
import type { ImageType } from './image-upload.js';

/** The signed-in user's own record, profile fields and avatar. */
export function createAccountProfile(deps: AccountDeps) {
  const { users, events, images } = deps;
  const gone = () => new AppError('UNAUTHENTICATED', 'Please sign in.');

  async function get(workspaceId: string, userId: string): Promise<Account> {
    const [row, extras, preferences, recoveryCodesLeft] = await Promise.all([
      users.team.find(workspaceId, userId),
      users.ownAccount.findAccountExtras(userId),
      deps.preferences.get(userId),
      users.twoFactor.unusedRecoveryCodes(userId),
    ]);
    if (!row || !extras) throw gone();
    return { ...toTeamUser(row), pendingEmail: extras.pendingEmail, recoveryCodesLeft, ui: preferences.ui };
  }

  /** Tells the user's open tabs (the navbar's name and avatar). */
  async function announce(userId: string): Promise<void> {
    const user = await users.findPublicById(userId);
    if (user) events.toUser(userId, 'user.updated', { userData: toUserData(user) });
  }

  return {
    get,

    async update(workspaceId: string, userId: string, patch: UpdateAccountBody): Promise<Account> {
      try {
        if (!(await users.team.update(workspaceId, userId, patch))) throw gone();
      } catch (error) {
        if (uniqueViolation(error)?.includes('username')) {
          throw new AppError('USERNAME_TAKEN', 'This username is taken. Choose another.', [
            { path: 'body.username', message: 'Taken.' },
          ]);
        }
        throw error;
      }
      await announce(userId);
      return get(workspaceId, userId);
    },

    /** Stores the image under a new key and version; the old file goes after the switch. */
    async setAvatar(workspaceId: string, userId: string, bytes: Buffer): Promise<Account> {
      const key = await images.save('avatars', bytes);
      const switched = await users.ownAccount.setAvatar(userId, key).catch(async (error: unknown) => {
        await images.remove(key);
        throw error;
      });
      if (!switched) {
        await images.remove(key);
        throw gone();
      }
      if (switched.previousKey) await images.remove(switched.previousKey);
      await announce(userId);
      return get(workspaceId, userId);
    },

    async removeAvatar(workspaceId: string, userId: string): Promise<Account> {
      const switched = await users.ownAccount.setAvatar(userId, null);
      if (!switched) throw gone();
      if (switched.previousKey) await images.remove(switched.previousKey);
      await announce(userId);
      return get(workspaceId, userId);
    },

    /** An avatar's bytes and type (public: `<img>` sends no bearer); 404 for an old version or none. */
    async readAvatar(userId: string, version: number): Promise<{ bytes: Buffer; type: ImageType }> {
      const key = await users.ownAccount.findAvatar(userId, version);
      if (!key) throw new AppError('NOT_FOUND', 'No such avatar.');
      return images.read(key);
    },
  };
}

export type AccountProfile = ReturnType<typeof createAccountProfile>;
