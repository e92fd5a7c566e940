import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationBody, Invitation, InvitationsResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { teamKeys, teamPaths } from './team-keys';

/** `InvitationResponseSchema`'s shape. */
interface InvitationResponse {
  invitation: Invitation;
}

export const invitationsQuery = queryOptions({
  queryKey: teamKeys.invitations(),
  queryFn: async ({ signal }) => (await api<InvitationsResponse>(teamPaths.invitations, { signal })).invitations,
});

/** The workspace's invitations, pending and recently ended ones, newest first (admins). */
export function useInvitations() {
  return useQuery(invitationsQuery);
}

/** The answer replaces the invitation in the cached list (or comes first when new). */
function useStoreInvitation() {
  const queryClient = useQueryClient();
  return (invitation: Invitation) =>
    queryClient.setQueryData<Invitation[]>(teamKeys.invitations(), (list = []) =>
      list.some((item) => item.id === invitation.id)
        ? list.map((item) => (item.id === invitation.id ? invitation : item))
        : [invitation, ...list],
    );
}

/** Sends an invitation by e-mail: a link valid 7 days. */
export function useCreateInvitation() {
  const store = useStoreInvitation();
  return useMutation({
    mutationFn: async (body: CreateInvitationBody) =>
      (await api<InvitationResponse>(teamPaths.invitations, { method: 'POST', body })).invitation,
    onSuccess: store,
  });
}

/** Sends the e-mail again with a new link; the expiry starts again. */
export function useResendInvitation() {
  const store = useStoreInvitation();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api<InvitationResponse>(teamPaths.resend(id), { method: 'POST' })).invitation,
    onSuccess: store,
  });
}

/** The link stops working at once. */
export function useRevokeInvitation() {
  const store = useStoreInvitation();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api<InvitationResponse>(teamPaths.invitation(id), { method: 'DELETE' })).invitation,
    onSuccess: store,
  });
}
