import { useQuery } from '@tanstack/react-query';
import type { ContactTagsResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

export async function fetchContactTags(signal?: AbortSignal): Promise<ContactTagsResponse['tags']> {
  const { tags } = await api<ContactTagsResponse>('/api/contact-tags', { signal });
  return tags;
}

/** Every tag in use with its count, most used first (filter and tag suggestions). */
export function useContactTags() {
  return useQuery({ queryKey: contactKeys.tags(), queryFn: ({ signal }) => fetchContactTags(signal) });
}
