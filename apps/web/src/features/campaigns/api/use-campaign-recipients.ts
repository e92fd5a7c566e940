import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CampaignRecipient } from '@switchboard/contract';
import { api, apiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { recipientsQueryString, type RecipientFilters } from '../lib/recipient-filters';
import { campaignKeys } from './campaign-keys';

interface RecipientsPage {
  recipients: CampaignRecipient[];
  nextCursor: string | null;
}

const base = (id: string) => `/api/campaigns/${encodeURIComponent(id)}/recipients`;

/** While it sends, the loaded rows are asked again this often (their states move). */
const LIVE_REFRESH_MS = 5_000;

/** A started campaign's recipients (its messages) in keyset pages, filtered. */
export function useCampaignRecipients(id: string, filters: RecipientFilters, live = false) {
  return useInfiniteQuery({
    queryKey: campaignKeys.recipients(id, filters),
    queryFn: ({ pageParam, signal }) =>
      api<RecipientsPage>(`${base(id)}?${recipientsQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

/** The filtered recipients as the server's CSV file. */
export async function exportCampaignRecipients(id: string, filters: RecipientFilters): Promise<void> {
  const { blob, fileName } = await apiFile(`${base(id)}/export?${recipientsQueryString(filters)}`);
  saveFile(blob, fileName ?? 'campaign-recipients.csv');
}
