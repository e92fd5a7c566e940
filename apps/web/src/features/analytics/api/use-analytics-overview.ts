import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsOverview } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { rangeQuery, type RangeChoice } from '../lib/analytics-range';
import { analyticsKeys } from './analytics-keys';

/** The funnel, the top failure reasons and the month's quota (`GET /api/analytics/overview`). */
export function useAnalyticsOverview(range: RangeChoice) {
  return useQuery({
    queryKey: analyticsKeys.overview(range),
    queryFn: ({ signal }) => api<AnalyticsOverview>(`/api/analytics/overview?${rangeQuery(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
