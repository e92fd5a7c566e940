import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { writeEvent } from './event-over-fetch';

/** A query function whose answers the test releases one by one (the database's state at each read). */
function controlledFetches() {
  const pending: Array<(value: string) => void> = [];
  return {
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
    answer: (index: number, value: string) => pending[index]!(value),
    get started() {
      return pending.length;
    },
  };
}

describe('writeEvent', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it('keeps an event over a fetch that read the state before it (the fetch is restarted)', async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetches = controlledFetches();
    const key = ['contact'];
    queryClient.setQueryData(key, 'opted-out');
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: fetches.queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    // A catch-up refetch starts while the contact is still opted out in the database…
    void queryClient.invalidateQueries({ queryKey: key });
    await expect.poll(() => fetches.started).toBe(1);
    // …then START commits and its event arrives before that refetch answers.
    writeEvent<string>(queryClient, key, () => 'opted-in');
    await expect.poll(() => fetches.started).toBe(2);
    fetches.answer(0, 'opted-out');
    fetches.answer(1, 'opted-in');
    await expect.poll(() => queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
    expect(queryClient.getQueryData(key)).toBe('opted-in');
    unsubscribe();
  });

  it('only writes when no fetch is in flight', () => {
    queryClient = new QueryClient();
    const key = ['contact'];
    queryClient.setQueryData(key, 'a');
    writeEvent<string>(queryClient, key, () => 'b');
    expect(queryClient.getQueryData(key)).toBe('b');
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });
});
