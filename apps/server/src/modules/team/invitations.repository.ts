import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { UserRole } from '@switchboard/contract';
import type { Db } from '../../db/database.js';
import { invitations, type InvitationRow } from '../../db/schema/index.js';
import { displayNameOf } from '../users/user-names.sql.js';

export type { InvitationRow };

/** An invitation with the name of the admin who sent it (null once their account is gone). */
export type InvitationView = InvitationRow & { invitedByName: string | null };

const viewColumns = { row: invitations, invitedByName: displayNameOf(invitations.invitedBy) };
const toView = ({ row, invitedByName }: { row: InvitationRow; invitedByName: string | null }): InvitationView => ({
  ...row,
  invitedByName,
});

/** Open = neither accepted nor revoked (it may have expired): the one a new invite of the address renews. */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export interface NewInvitation {
  workspaceId: string;
  email: string;
  role: UserRole;
  tokenHash: string;
  invitedBy: string;
  expiresAt: Date;
}

/** A workspace's invitations; every query but the token's is scoped by `workspaceId`. */
export function createInvitationsRepository(db: Db) {
  const inWorkspace = (workspaceId: string, id: string) =>
    and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id));

  return {
    /**
     * Invites the address, or renews its open invitation (role, inviter, token, expiry, sent time):
     * one statement on the open-invitation unique index, so two admins inviting the same address
     * at once leave one row.
     */
    async upsertOpen(invitation: NewInvitation, tx: Db): Promise<InvitationRow> {
      const now = new Date();
      const [row] = await tx
        .insert(invitations)
        .values({ ...invitation, sentAt: now })
        .onConflictDoUpdate({
          target: [invitations.workspaceId, invitations.email],
          targetWhere: isOpen,
          set: {
            role: invitation.role,
            tokenHash: invitation.tokenHash,
            invitedBy: invitation.invitedBy,
            expiresAt: invitation.expiresAt,
            sentAt: now,
          },
        })
        .returning();
      return row!;
    },

    /** Open ones and those that ended after `endedSince`, last sent first. */
    async list(workspaceId: string, endedSince: Date, limit: number): Promise<InvitationView[]> {
      const rows = await db
        .select(viewColumns)
        .from(invitations)
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            or(isOpen, gt(invitations.acceptedAt, endedSince), gt(invitations.revokedAt, endedSince)),
          ),
        )
        .orderBy(desc(invitations.sentAt), desc(invitations.id))
        .limit(limit);
      return rows.map(toView);
    },

    async findView(workspaceId: string, id: string, tx: Db = db): Promise<InvitationView | undefined> {
      const [row] = await tx.select(viewColumns).from(invitations).where(inWorkspace(workspaceId, id));
      return row && toView(row);
    },

    /** Locks the row for the rest of the transaction; undefined for another workspace's or no such one. */
    async lock(workspaceId: string, id: string, tx: Db): Promise<InvitationRow | undefined> {
      const [row] = await tx.select().from(invitations).where(inWorkspace(workspaceId, id)).for('update');
      return row;
    },

    /** A resend: a new token and expiry, sent now by `invitedBy`. */
    async renew(id: string, change: Pick<NewInvitation, 'tokenHash' | 'expiresAt' | 'invitedBy'>, tx: Db) {
      await tx
        .update(invitations)
        .set({ ...change, sentAt: new Date() })
        .where(eq(invitations.id, id));
    },

    async revoke(id: string, tx: Db): Promise<void> {
      await tx
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.id, id), isOpen));
    },

    /** The link's invitation whatever its state (the public preview says why one is not usable). */
    async findByTokenHash(tokenHash: string, tx: Db = db): Promise<InvitationView | undefined> {
      const [row] = await tx.select(viewColumns).from(invitations).where(eq(invitations.tokenHash, tokenHash));
      return row && toView(row);
    },

    /**
     * Uses the link, atomically: of two accepts racing with one token only one gets the row back
     * (the other waits on its lock, then finds it accepted). Undefined when unknown, used, revoked
     * or expired.
     */
    async consume(tokenHash: string, tx: Db): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .update(invitations)
        .set({ acceptedAt: new Date() })
        .where(and(eq(invitations.tokenHash, tokenHash), isOpen, gt(invitations.expiresAt, new Date())))
        .returning();
      return row;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;

/** Whether the row can still be renewed or revoked (it may have expired). */
export const isOpenRow = (row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt'>) =>
  row.acceptedAt === null && row.revokedAt === null;
