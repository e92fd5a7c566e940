import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsBreakdown } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { rangeQuery, type RangeChoice } from '../lib/analytics-range';
import { analyticsKeys } from './analytics-keys';

/** The range by network and by campaign (`GET /api/analytics/breakdown`). */
export function useAnalyticsBreakdown(range: RangeChoice) {
  return useQuery({
    queryKey: analyticsKeys.breakdown(range),
    queryFn: ({ signal }) => api<AnalyticsBreakdown>(`/api/analytics/breakdown?${rangeQuery(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
