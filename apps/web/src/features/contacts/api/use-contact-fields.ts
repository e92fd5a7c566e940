import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactField, ContactFieldsBody, ContactFieldsResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';
import { refreshContactBook } from './contacts-cache';

export async function fetchContactFields(signal?: AbortSignal): Promise<ContactField[]> {
  const { fields } = await api<ContactFieldsResponse>('/api/contact-fields', { signal });
  return fields;
}

/** The workspace's custom field keys, in display order. */
export function useContactFields() {
  return useQuery({ queryKey: contactKeys.fields(), queryFn: ({ signal }) => fetchContactFields(signal) });
}

export async function saveContactFields(body: ContactFieldsBody): Promise<ContactField[]> {
  const { fields } = await api<ContactFieldsResponse>('/api/contact-fields', { method: 'PUT', body });
  return fields;
}

/** Replaces the keys; a removed key's values leave every contact, so the lists are fetched again. */
export function useSaveContactFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContactFields,
    onSuccess: (fields) => {
      queryClient.setQueryData(contactKeys.fields(), fields);
      void refreshContactBook(queryClient);
    },
  });
}
