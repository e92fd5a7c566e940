import type { CampaignRecipientState } from '@switchboard/contract';
import type { z } from 'zod';

type RecipientState = z.infer<typeof CampaignRecipientState>;

/** The recipients table's filters (`GET /api/campaigns/:id/recipients`). */
export interface RecipientFilters {
  state: RecipientState | null;
  replied: boolean | null;
  optedOut: boolean | null;
  q: string;
}

export const NO_RECIPIENT_FILTERS: RecipientFilters = { state: null, replied: null, optedOut: null, q: '' };

/** The filters as a query string (empty ones left out), with a cursor for the next page. */
export function recipientsQueryString(filters: RecipientFilters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.replied !== null) params.set('replied', String(filters.replied));
  if (filters.optedOut !== null) params.set('optedOut', String(filters.optedOut));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
