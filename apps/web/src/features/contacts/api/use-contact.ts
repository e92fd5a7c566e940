import { useQuery } from '@tanstack/react-query';
import type { ContactDetailResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export function fetchContact(id: string, signal?: AbortSignal): Promise<ContactDetailResponse> {
  return api<ContactDetailResponse>(`/api/contacts/${encodeURIComponent(id)}`, { signal });
}

/** One contact with its consent history (newest first), for the contact drawer; null: none. */
export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchContact(id!, signal),
    enabled: id !== null,
  });
}
