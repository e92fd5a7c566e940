import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptInvitationBody, InvitationPreview, SessionResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { teamKeys, teamPaths } from './team-keys';

/** What the link invites to (public): workspace, e-mail, role, who invited; INVITATION_INVALID when it can't be used. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => api<InvitationPreview>(teamPaths.preview(token), { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** Creates the account inside the inviting workspace and signs in (the answer of a sign-up). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => api<SessionResponse>(teamPaths.accept, { method: 'POST', body }),
  });
}
