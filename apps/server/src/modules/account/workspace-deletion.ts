import type { DeleteWorkspaceBody } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { AccountDeps } from './account-deps.js';

/**
 * Deleting the workspace (admins): the typed name and the password, then everything of it in one
 * transaction (workspaces' erasure); after the commit its files go, its networks stop everywhere,
 * and every member's open tabs hear `session.revoked` (workspace-deleted). Their sessions' rows
 * went with their users; the session caches forget them on every instance.
 */
export function createWorkspaceDeletion(deps: AccountDeps) {
  const { db, workspaces, users, networks, auth, events, images, log } = deps;

  return {
    async delete(workspaceId: string, userId: string, body: DeleteWorkspaceBody): Promise<void> {
      const workspace = await workspaces.find(workspaceId);
      if (!workspace) throw new AppError('NOT_FOUND', 'Workspace not found.');
      if (body.confirm !== workspace.name) {
        throw new AppError('CONFIRMATION_MISMATCH', 'Type the workspace’s name exactly to delete it.', [
          { path: 'body.confirm', message: 'Does not match the name.' },
        ]);
      }
      await auth.own.checkPassword(userId, body.password);
      const erased = await db.transaction(async (tx) => {
        await workspaces.lock(workspaceId, tx);
        const members = await users.members.list(workspaceId, tx);
        const networkIds = (await networks.summaries(workspaceId, tx)).map((n) => n.id);
        const fileKeys = await workspaces.erasure.fileKeys(workspaceId, tx);
        for (const member of members) await auth.userChanged(member.id, tx);
        await workspaces.erasure.erase(workspaceId, tx);
        return { memberIds: members.map((m) => m.id), networkIds, fileKeys };
      });
      for (const memberId of erased.memberIds) {
        auth.forgetUser(memberId);
        events.toUser(memberId, 'session.revoked', { reason: 'workspace-deleted' });
      }
      networks.workspaceDeleted(erased.networkIds);
      for (const key of erased.fileKeys) await images.remove(key);
      log.info({ workspaceId, files: erased.fileKeys.length }, 'workspace deleted');
    },
  };
}
