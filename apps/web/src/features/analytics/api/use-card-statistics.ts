import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { CARD_NAMES, type CardStatistics } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { rangeQuery, type RangeChoice } from '../lib/analytics-range';
import { analyticsKeys } from './analytics-keys';

/**
 * Every card of the control panel through the spec §7 call `GET /api/card/card-statistics/{name}`
 * (the issue asks the page's cards to use it), one query per card: a card shows as soon as its
 * answer is in, and keeps its previous figure while a new range loads.
 */
export function useCardStatistics(range: RangeChoice) {
  return useQueries({
    queries: CARD_NAMES.map((name) => ({
      queryKey: analyticsKeys.card(name, range),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<CardStatistics>(`/api/card/card-statistics/${name}?${rangeQuery(range)}`, { signal }),
      placeholderData: keepPreviousData,
    })),
  });
}
