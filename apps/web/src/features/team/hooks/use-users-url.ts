import type { UsersQuery } from '@switchboard/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeUsersQuery, paramsFromUsersQuery, usersQueryFromParams } from '../lib/users-filters';

/**
 * The user list's search, filters and page as the URL holds them (a reload or a shared link keeps
 * them). Changes replace the history entry: typing a search does not make Back step by letter.
 */
export function useUsersUrl() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => usersQueryFromParams(params), [params]);
  const change = useCallback(
    (next: Partial<UsersQuery>) =>
      setParams((current) => paramsFromUsersQuery(changeUsersQuery(usersQueryFromParams(current), next)), {
        replace: true,
      }),
    [setParams],
  );
  return { query, change };
}
