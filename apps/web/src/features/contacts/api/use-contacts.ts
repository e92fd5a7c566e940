import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ContactPageQuery, ContactPageResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { queryString } from '../lib/contact-filters';
import { contactKeys } from './contact-keys';

export function fetchContactsPage(
  query: ContactPageQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ContactPageResponse> {
  return api<ContactPageResponse>(`/api/contacts?${queryString({ ...query, cursor })}`, { signal });
}

export const contactsQuery = (query: ContactPageQuery) =>
  infiniteQueryOptions({
    queryKey: contactKeys.page(query),
    queryFn: ({ pageParam, signal }) => fetchContactsPage(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The contact book in keyset pages (the server's page size) for one filter and order. The
 * previous filter's rows stay on screen while the new ones load, so typing does not flicker.
 */
export function useContacts(query: ContactPageQuery) {
  return useInfiniteQuery({ ...contactsQuery(query), placeholderData: keepPreviousData });
}
