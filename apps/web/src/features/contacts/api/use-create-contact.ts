import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactEntry, ContactResponse, CreateContactBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { refreshContactBook } from './contacts-cache';

export async function createContact(body: CreateContactBody): Promise<ContactEntry> {
  const { contact } = await api<ContactResponse>('/api/contacts', { method: 'POST', body });
  return contact;
}

/** Adds a contact by hand; the lists start again from the top, where a new contact sorts by default. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContact, onSuccess: () => refreshContactBook(queryClient) });
}
