import type { ContactPageQuery } from '@switchboard/contract';
import type { ContactCountQuery } from '../lib/contact-filters';

/** Every query key of the contacts feature, from one factory (prefix `contacts`). */
export const contactKeys = {
  all: ['contacts'] as const,
  pages: () => [...contactKeys.all, 'pages'] as const,
  /** One set of cursor pages per filter and order, so going back to a filter is instant. */
  page: (query: ContactPageQuery) => [...contactKeys.pages(), query] as const,
  counts: () => [...contactKeys.all, 'count'] as const,
  count: (query: ContactCountQuery) => [...contactKeys.counts(), query] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: string) => [...contactKeys.details(), id] as const,
  /** The workspace's contact lists with their member counts. */
  lists: () => [...contactKeys.all, 'lists'] as const,
  tags: () => [...contactKeys.all, 'tags'] as const,
  fields: () => [...contactKeys.all, 'fields'] as const,
  /** A CSV import: its state, progress and report. */
  import: (id: string) => [...contactKeys.all, 'imports', id] as const,
};
