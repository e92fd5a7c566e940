import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactList, ContactListBody, ContactListResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import { refreshContactBook } from './contacts-cache';

const byName = (a: ContactList, b: ContactList) => a.name.localeCompare(b.name);

function storeList(lists: ContactList[] | undefined, list: ContactList) {
  return lists && [...lists.filter((item) => item.id !== list.id), list].sort(byName);
}

export async function createContactList(body: ContactListBody): Promise<ContactList> {
  const { list } = await api<ContactListResponse>('/api/contact-lists', { method: 'POST', body });
  return list;
}

export async function renameContactList({ id, name }: { id: string; name: string }): Promise<ContactList> {
  const path = `/api/contact-lists/${encodeURIComponent(id)}`;
  const { list } = await api<ContactListResponse>(path, { method: 'PATCH', body: { name } });
  return list;
}

export function deleteContactList(id: string): Promise<void> {
  return api<void>(`/api/contact-lists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useCreateContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactList,
    onSuccess: (list) =>
      queryClient.setQueryData<ContactList[]>(contactKeys.lists(), (lists) => storeList(lists, list)),
  });
}

export function useRenameContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameContactList,
    onSuccess: (list) =>
      queryClient.setQueryData<ContactList[]>(contactKeys.lists(), (lists) => storeList(lists, list)),
  });
}

/** Deletes a list (its contacts stay); rows showing it and a filter on it are refreshed. */
export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: (_, id) => {
      queryClient.setQueryData<ContactList[]>(contactKeys.lists(), (lists) => lists?.filter((list) => list.id !== id));
      void refreshContactBook(queryClient);
    },
  });
}
