import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactImport, ContactImportResponse, StartContactImportBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export async function startContactImport(id: string, body: StartContactImportBody): Promise<ContactImport> {
  const path = `/api/contacts/imports/${encodeURIComponent(id)}/start`;
  const { import: started } = await api<ContactImportResponse>(path, { method: 'POST', body });
  return started;
}

/** Starts an uploaded import; its progress then comes as contact-import.progress into its query. */
export function useStartContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StartContactImportBody }) => startContactImport(id, body),
    onSuccess: (started) => queryClient.setQueryData(contactKeys.import(started.id), started),
  });
}
