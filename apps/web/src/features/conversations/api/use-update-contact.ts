import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactResponse, UpdateContactBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { storeContact } from './conversation-cache';

export interface UpdateContactInput {
  id: string;
  body: UpdateContactBody;
}

/** Changes a contact's name or tags, or opts them out / in by hand. */
export function updateContact({ id, body }: UpdateContactInput): Promise<ContactResponse> {
  return api<ContactResponse>(`/api/contacts/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: ({ contact }) => storeContact(queryClient, contact),
  });
}
