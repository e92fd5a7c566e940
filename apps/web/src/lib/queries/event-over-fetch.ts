import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a socket event's change into a cached query, keeping it over a fetch in flight.
 *
 * A fetch that started before the event's change committed (a catch-up after a reconnect, a
 * refetch on focus) answers with the state from before it and would overwrite the event when it
 * lands. So when the query is fetching, that fetch is restarted after the write (TanStack Query
 * cancels it): the new answer reads the database after the change and includes it.
 */
export function writeEvent<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
) {
  queryClient.setQueryData<T>(queryKey, update);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
