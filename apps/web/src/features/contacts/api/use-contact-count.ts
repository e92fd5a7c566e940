import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactCountResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { queryString, type ContactCountQuery } from '../lib/contact-filters';
import { contactKeys } from './contact-keys';

export async function fetchContactCount(query: ContactCountQuery, signal?: AbortSignal): Promise<number> {
  const { count } = await api<ContactCountResponse>(`/api/contacts/count?${queryString(query)}`, { signal });
  return count;
}

/** How many contacts match the filter: the header's count and "Select all N matching". */
export function useContactCount(query: ContactCountQuery) {
  return useQuery({
    queryKey: contactKeys.count(query),
    queryFn: ({ signal }) => fetchContactCount(query, signal),
    placeholderData: keepPreviousData,
  });
}
