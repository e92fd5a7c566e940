import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import { refreshContactBook } from './contacts-cache';

/** Deletes a contact; one with conversations or an opt-out on record is kept (CONTACT_HAS_HISTORY). */
export function deleteContact(id: string): Promise<void> {
  return api<void>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      void refreshContactBook(queryClient);
    },
  });
}
