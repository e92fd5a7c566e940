import type { Invitation, InvitationProblem, InvitationState } from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import type { InvitationRow, InvitationView } from './invitations.repository.js';

export function invitationState(row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending';
}

export function toInvitation(row: InvitationView): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    state: invitationState(row),
    invitedBy: row.invitedByName,
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a link can't be used, in words the accept page shows (`INVITATION_INVALID`). */
const INVALID: Record<InvitationProblem, string> = {
  unknown: 'This invitation link is not valid. Ask your workspace admin for a new one.',
  expired: 'This invitation has expired. Ask your workspace admin to send it again.',
  revoked: 'This invitation was withdrawn by the workspace admin.',
  accepted: 'This invitation was already used. Sign in instead.',
};
export const invitationInvalid = (why: InvitationProblem) =>
  new AppError('INVITATION_INVALID', INVALID[why], undefined, { invitationProblem: why });
