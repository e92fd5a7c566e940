import { useQuery } from '@tanstack/react-query';
import type { ContactList, ContactListsResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export async function fetchContactLists(signal?: AbortSignal): Promise<ContactList[]> {
  const { lists } = await api<ContactListsResponse>('/api/contact-lists', { signal });
  return lists;
}

/** The workspace's lists by name, with how many contacts each holds. */
export function useContactLists() {
  return useQuery({ queryKey: contactKeys.lists(), queryFn: ({ signal }) => fetchContactLists(signal) });
}
