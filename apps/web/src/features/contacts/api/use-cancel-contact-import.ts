import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactImport, ContactImportResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import { refreshContactBook } from './contacts-cache';

export async function cancelContactImport(id: string): Promise<ContactImport> {
  const path = `/api/contacts/imports/${encodeURIComponent(id)}/cancel`;
  const { import: cancelled } = await api<ContactImportResponse>(path, { method: 'POST' });
  return cancelled;
}

/** Stops an import at its next batch; what it wrote stays, so the lists start again. */
export function useCancelContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelContactImport,
    onSuccess: (cancelled) => {
      queryClient.setQueryData(contactKeys.import(cancelled.id), cancelled);
      void refreshContactBook(queryClient);
    },
  });
}
