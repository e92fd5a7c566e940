import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamUser, TeamUserResponse, UpdateTeamUserBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { teamKeys, teamPaths } from './team-keys';

export interface UpdateTeamUserInput {
  id: string;
  body: UpdateTeamUserBody;
}

export async function updateTeamUser({ id, body }: UpdateTeamUserInput): Promise<TeamUser> {
  const { user } = await api<TeamUserResponse>(teamPaths.user(id), { method: 'PATCH', body });
  return user;
}

/** Changes a user's fields, role or status; the view shows the answer at once, the list refetches. */
export function useUpdateTeamUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamUser,
    onSuccess: (user) => {
      queryClient.setQueryData(teamKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: teamKeys.pages() });
    },
  });
}
