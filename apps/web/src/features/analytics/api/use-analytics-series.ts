import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsSeries } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { rangeQuery, type RangeChoice } from '../lib/analytics-range';
import { analyticsKeys } from './analytics-keys';

/** Messages in and out per hour or day of the range (`GET /api/analytics/series`). */
export function useAnalyticsSeries(range: RangeChoice) {
  return useQuery({
    queryKey: analyticsKeys.series(range),
    queryFn: ({ signal }) => api<AnalyticsSeries>(`/api/analytics/series?${rangeQuery(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
