import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ContactEntry,
  ContactFieldsResponse,
  ContactListsResponse,
  ContactPageResponse,
  ContactTagsResponse,
} from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './campaign-keys';

/** The contact book's lists, tags and custom field keys: what the audience and the variables pick from. */
export function useAudienceSources() {
  return useQuery({
    queryKey: campaignKeys.audienceSources(),
    queryFn: async ({ signal }) => {
      const [lists, tags, fields] = await Promise.all([
        api<ContactListsResponse>('/api/contact-lists', { signal }),
        api<ContactTagsResponse>('/api/contact-tags', { signal }),
        api<ContactFieldsResponse>('/api/contact-fields', { signal }),
      ]);
      return { lists: lists.lists, tags: tags.tags, fields: fields.fields.map(({ key }) => key) };
    },
  });
}

/** A few contacts matching a name or number, to preview the text for one of them. */
export function useContactSearch(q: string) {
  return useQuery({
    queryKey: campaignKeys.contactSearch(q),
    queryFn: async ({ signal }): Promise<ContactEntry[]> => {
      const params = new URLSearchParams({ limit: '20' });
      if (q.trim()) params.set('q', q.trim());
      return (await api<ContactPageResponse>(`/api/contacts?${params.toString()}`, { signal })).contacts;
    },
    placeholderData: keepPreviousData,
  });
}
