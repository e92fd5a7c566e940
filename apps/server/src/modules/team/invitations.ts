import { INVITATION_TTL_DAYS, type CreateInvitationBody, type Invitation } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import type { UsersService } from '../users/users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { invitationInvalid, invitationState, toInvitation } from './invitation-state.js';
import { isOpenRow, type InvitationRow, type InvitationsRepository } from './invitations.repository.js';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60_000;
/** Accepted and revoked invitations stay in the list this long. */
const ENDED_SHOWN_MS = 30 * 24 * 60 * 60_000;
const LIST_LIMIT = 200;

export interface InvitationsDeps {
  db: Db;
  repo: InvitationsRepository;
  users: Pick<UsersService, 'findByEmail'>;
  workspaces: Pick<WorkspacesService, 'find' | 'auditLog'>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const notFound = () => new AppError('NOT_FOUND', 'No such invitation in this workspace.');

/**
 * The admins' side of invitations: invite an address with a role (a link valid 7 days, by mail),
 * list, resend (a new link and expiry) and revoke. Every call is scoped to the admin's workspace.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { db, repo, users, workspaces, mailer, log } = deps;

  /** The mail goes out in the background, as reset links do; a failure is logged. */
  async function sendMail(row: InvitationRow, token: string): Promise<void> {
    const name = (await workspaces.find(row.workspaceId))?.name ?? 'a workspace';
    const link = `${deps.publicUrl}/pages/accept-invitation?token=${encodeURIComponent(token)}`;
    mailer
      .send({
        to: row.email,
        subject: `You are invited to ${name} on Switchboard`,
        text:
          `Hello,\n\nYou are invited to join ${name} on Switchboard as ${row.role}.\n` +
          `Open this link within ${INVITATION_TTL_DAYS} days to choose your name and password:\n${link}\n\n` +
          'If you did not expect this, ignore this mail.',
      })
      .catch((error: unknown) => log.error({ err: error }, 'could not send the invitation mail'));
  }

  async function view(workspaceId: string, id: string): Promise<Invitation> {
    const row = await repo.findView(workspaceId, id);
    if (!row) throw notFound();
    return toInvitation(row);
  }

  /** An address with an account (in any workspace) can't be invited: an account belongs to one workspace. */
  async function assertNoAccount(email: string, tx?: Db): Promise<void> {
    if (await users.findByEmail(email, tx)) {
      throw new AppError('EMAIL_IN_USE', 'This address already has a Switchboard account; it cannot be invited.');
    }
  }

  return {
    list: async (workspaceId: string): Promise<Invitation[]> =>
      (await repo.list(workspaceId, new Date(Date.now() - ENDED_SHOWN_MS), LIST_LIMIT)).map(toInvitation),

    /** A second invite of an address with an open invitation renews that one (new link, role, expiry). */
    async create(workspaceId: string, actorId: string, body: CreateInvitationBody): Promise<Invitation> {
      await assertNoAccount(body.email);
      const token = randomToken();
      const row = await db.transaction(async (tx) => {
        const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
        const invited = await repo.upsertOpen(
          {
            workspaceId,
            email: body.email,
            role: body.role,
            tokenHash: hashToken(token),
            invitedBy: actorId,
            expiresAt,
          },
          tx,
        );
        const details = { invitationId: invited.id, email: invited.email, role: invited.role };
        await workspaces.auditLog.record({ workspaceId, userId: actorId, action: 'team.invited', details }, tx);
        return invited;
      });
      await sendMail(row, token);
      return view(workspaceId, row.id);
    },

    /** A new link (the old one stops working) valid 7 days from now, mailed again. */
    async resend(workspaceId: string, actorId: string, id: string): Promise<Invitation> {
      const token = randomToken();
      const row = await db.transaction(async (tx) => {
        const current = await repo.lock(workspaceId, id, tx);
        if (!current) throw notFound();
        if (!isOpenRow(current)) throw invitationInvalid(current.acceptedAt ? 'accepted' : 'revoked');
        await assertNoAccount(current.email, tx);
        const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
        await repo.renew(id, { tokenHash: hashToken(token), expiresAt, invitedBy: actorId }, tx);
        return current;
      });
      await sendMail(row, token);
      return view(workspaceId, id);
    },

    /** Its link stops working; revoking a revoked one changes nothing; an accepted one can't be revoked. */
    async revoke(workspaceId: string, actorId: string, id: string): Promise<Invitation> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(workspaceId, id, tx);
        if (!current) throw notFound();
        if (invitationState(current) === 'accepted') throw invitationInvalid('accepted');
        if (current.revokedAt) return;
        await repo.revoke(id, tx);
        const details = { invitationId: id, email: current.email };
        await workspaces.auditLog.record(
          { workspaceId, userId: actorId, action: 'team.invitation-revoked', details },
          tx,
        );
      });
      return view(workspaceId, id);
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
