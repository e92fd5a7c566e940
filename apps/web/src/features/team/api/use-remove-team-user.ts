import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys, teamPaths } from './team-keys';

/** Deletes the user (their messages stay); they are signed out everywhere. The last admin stays (LAST_ADMIN). */
export function removeTeamUser(id: string): Promise<void> {
  return api<void>(teamPaths.user(id), { method: 'DELETE' });
}

export function useRemoveTeamUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamUser,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: teamKeys.user(id) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.pages() });
    },
  });
}
