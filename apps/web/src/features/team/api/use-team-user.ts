import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamUser, TeamUserResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { teamKeys, teamPaths } from './team-keys';

export async function fetchTeamUser(id: string, signal?: AbortSignal): Promise<TeamUser> {
  const { user } = await api<TeamUserResponse>(teamPaths.user(id), { signal });
  return user;
}

export const teamUserQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.user(id), queryFn: ({ signal }) => fetchTeamUser(id, signal) });

/** One user of the workspace with every §3 field (admins); another workspace's id is a 404. */
export function useTeamUser(id: string) {
  return useQuery(teamUserQuery(id));
}
