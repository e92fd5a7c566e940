import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersPage, UsersQuery } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { usersQueryString } from '../lib/users-filters';
import { teamKeys, teamPaths } from './team-keys';

export function fetchUsersPage(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  return api<UsersPage>(`${teamPaths.users}?${usersQueryString(query)}`, { signal });
}

export const usersPageQuery = (query: UsersQuery) =>
  queryOptions({ queryKey: teamKeys.page(query), queryFn: ({ signal }) => fetchUsersPage(query, signal) });

/** One page of the workspace's users (admins); the previous page stays on screen while the next loads. */
export function useTeamUsers(query: UsersQuery) {
  return useQuery({ ...usersPageQuery(query), placeholderData: keepPreviousData });
}
