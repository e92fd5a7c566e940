import { useQuery } from '@tanstack/react-query';
import type { ContactImport, ContactImportResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export async function fetchContactImport(id: string, signal?: AbortSignal): Promise<ContactImport> {
  const { import: found } = await api<ContactImportResponse>(`/api/contacts/imports/${encodeURIComponent(id)}`, {
    signal,
  });
  return found;
}

/** The slow poll behind the socket's progress events, for a socket that is down meanwhile. */
const POLL_WHILE_RUNNING_MS = 3000;

/** One import's state, progress and report; contact-import.progress keeps it current while it runs. */
export function useContactImport(id: string | null) {
  return useQuery({
    queryKey: contactKeys.import(id ?? ''),
    queryFn: ({ signal }) => fetchContactImport(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? POLL_WHILE_RUNNING_MS : false),
  });
}
