import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactEntry, ContactResponse, UpdateContactBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import { refreshContactSums, storeContactEntry } from './contacts-cache';

export interface UpdateContactInput {
  id: string;
  body: UpdateContactBody;
}

export async function updateContact({ id, body }: UpdateContactInput): Promise<ContactEntry> {
  const { contact } = await api<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'PATCH', body });
  return contact;
}

/**
 * Changes a contact (fields, or the manual opt-out / opt-in). The row changes in place; a
 * consent change adds to the history, so the drawer's detail is fetched again.
 */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact, { body }) => {
      storeContactEntry(queryClient, contact);
      if (body.optedOut !== undefined) void queryClient.invalidateQueries({ queryKey: contactKeys.detail(contact.id) });
      void refreshContactSums(queryClient);
    },
  });
}
