import { AuthMessages, type AcceptInvitationBody, type InvitationPreview } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from '../../lib/pg-errors.js';
import { hashToken } from '../../lib/secure-token.js';
import type { AuthService, IssuedSession } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import type { UserRow, UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { invitationInvalid, invitationState } from './invitation-state.js';
import type { InvitationView, InvitationsRepository } from './invitations.repository.js';

export interface InvitationAcceptanceDeps {
  db: Db;
  repo: InvitationsRepository;
  users: Pick<UsersService, 'findByEmail' | 'insert'>;
  workspaces: Pick<WorkspacesService, 'find' | 'auditLog'>;
  /** Signs the new member in, exactly as sign-up does. */
  startSession: AuthService['startSession'];
}

/**
 * The invitee's side (public routes, the link is the credential): preview a link, and accept it,
 * which creates the account inside the inviting workspace and signs in.
 */
export function createInvitationAcceptance(deps: InvitationAcceptanceDeps) {
  const { db, repo, users, workspaces } = deps;

  /** The link's invitation if it can still be used; otherwise why not (`INVITATION_INVALID`). */
  async function usable(tokenHash: string, tx?: Db): Promise<InvitationView> {
    const row = await repo.findByTokenHash(tokenHash, tx);
    if (!row) throw invitationInvalid('unknown');
    const state = invitationState(row);
    if (state !== 'pending') throw invitationInvalid(state);
    return row;
  }

  async function createMember(tokenHash: string, body: AcceptInvitationBody, passwordHash: string): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const invitation = await repo.consume(tokenHash, tx);
      if (!invitation) {
        await usable(tokenHash, tx); // throws why (a link that just expired reads as expired)
        throw invitationInvalid('expired');
      }
      if (await users.findByEmail(invitation.email, tx)) throw new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
      const created = await users.insert(
        {
          workspaceId: invitation.workspaceId,
          email: invitation.email,
          displayName: body.displayName,
          passwordHash,
          role: invitation.role,
          emailVerifiedAt: new Date(), // the link reached this address
        },
        tx,
      );
      const details = { invitationId: invitation.id, email: invitation.email, role: invitation.role };
      const entry = { workspaceId: invitation.workspaceId, userId: created.id, action: 'team.joined', details };
      await workspaces.auditLog.record(entry, tx);
      return created;
    });
  }

  return {
    /** What the accept page shows. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await usable(hashToken(token));
      const workspace = await workspaces.find(row.workspaceId);
      if (!workspace) throw invitationInvalid('unknown');
      return {
        workspaceName: workspace.name,
        email: row.email,
        role: row.role,
        invitedBy: row.invitedByName,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Creates the account (the invited address, verified; the invited role) and signs in. The
     * link is used in the transaction that inserts the user: two accepts of one link make one account.
     */
    async accept(body: AcceptInvitationBody, userAgent?: string): Promise<IssuedSession> {
      const tokenHash = hashToken(body.token);
      await usable(tokenHash); // a quick answer before the slow hash
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await createMember(tokenHash, body, passwordHash);
      } catch (error) {
        // An account made for the address meanwhile (a sign-up racing the accept): the unique index decides.
        if (uniqueViolation(error) !== undefined) throw new AppError('EMAIL_IN_USE', AuthMessages.emailInUse);
        throw error;
      }
      return deps.startSession(user, true, userAgent);
    },
  };
}

export type InvitationAcceptance = ReturnType<typeof createInvitationAcceptance>;
