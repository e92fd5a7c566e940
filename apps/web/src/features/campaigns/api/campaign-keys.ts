import type { CampaignState } from '@switchboard/contract';
import type { RecipientFilters } from '../lib/recipient-filters';

/** Every query key of the campaigns feature, from one factory (prefix `campaigns`). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (state: CampaignState | null) => [...campaignKeys.lists(), state] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: string) => [...campaignKeys.details(), id] as const,
  /** The server's review of a draft as saved (its `updatedAt` in the key: a save asks again). */
  review: (id: string, updatedAt: string, sampleContactId: string | null) =>
    [...campaignKeys.detail(id), 'review', updatedAt, sampleContactId] as const,
  recipients: (id: string, filters?: RecipientFilters) =>
    filters
      ? ([...campaignKeys.detail(id), 'recipients', filters] as const)
      : ([...campaignKeys.detail(id), 'recipients'] as const),
  throughput: (id: string) => [...campaignKeys.detail(id), 'throughput'] as const,
  /** What the audience and message steps pick from (the contact book's lists, tags, fields). */
  audienceSources: () => [...campaignKeys.all, 'sources'] as const,
  contactSearch: (q: string) => [...campaignKeys.all, 'contact-search', q] as const,
};
