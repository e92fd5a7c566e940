import type { ChangePasswordBody } from '@switchboard/contract';
import type { AuthContext } from '../auth/auth.service.js';
import type { AccountServiceDeps } from './account-deps.js';
import { createAccountProfile } from './account-profile.js';
import { createEmailChange } from './email-change.js';
import { createStoredImages } from './stored-images.js';
import { createTwoFactorSetup } from './two-factor-setup.js';
import { createWorkspaceDeletion } from './workspace-deletion.js';
import { createWorkspaceProfile } from './workspace-profile.js';

export type { AccountServiceDeps } from './account-deps.js';

/**
 * Account settings: the signed-in user's own account (profile, avatar, e-mail change, password,
 * sessions, two-factor) and the workspace's profile and deletion (admins). The tables stay with
 * their owners (users, auth, workspaces); this module composes their services and announces what
 * changed (`user.updated`, `session.revoked`) after the commits.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const full = { ...deps, images: createStoredImages(deps.storage, deps.log) };
  const { auth, events } = deps;
  const profile = createAccountProfile(full);

  return {
    get: profile.get,
    update: profile.update,
    setAvatar: profile.setAvatar,
    removeAvatar: profile.removeAvatar,
    readAvatar: profile.readAvatar,
    email: createEmailChange(full),

    /** Every other session of the user is signed out and told so (`session.revoked`, password-changed). */
    async changePassword(caller: AuthContext, body: ChangePasswordBody): Promise<void> {
      const ids = await auth.own.changePassword(
        caller.userId,
        caller.sessionId,
        body.currentPassword,
        body.newPassword,
      );
      for (const sessionId of ids)
        events.toUser(caller.userId, 'session.revoked', { reason: 'password-changed', sessionId });
    },

    sessions: {
      list: (caller: AuthContext) => auth.own.list(caller.userId, caller.sessionId),
      async signOut(caller: AuthContext, sessionId: string): Promise<void> {
        await auth.own.signOut(caller.userId, sessionId);
        events.toUser(caller.userId, 'session.revoked', { reason: 'signed-out', sessionId });
      },
      async signOutOthers(caller: AuthContext): Promise<void> {
        const ids = await auth.own.signOutOthers(caller.userId, caller.sessionId);
        for (const sessionId of ids)
          events.toUser(caller.userId, 'session.revoked', { reason: 'signed-out', sessionId });
      },
    },

    twoFactor: createTwoFactorSetup(full),
    workspaceProfile: createWorkspaceProfile(full),
    deleteWorkspace: createWorkspaceDeletion(full).delete,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
