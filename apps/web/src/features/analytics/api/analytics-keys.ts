import type { CardName } from '@switchboard/contract';
import type { RangeChoice } from '../lib/analytics-range';

/** Query keys of the control panel, all under one prefix: a live refresh invalidates them at once. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  card: (name: CardName, range: RangeChoice) => [...analyticsKeys.all, 'card', name, range] as const,
  overview: (range: RangeChoice) => [...analyticsKeys.all, 'overview', range] as const,
  series: (range: RangeChoice) => [...analyticsKeys.all, 'series', range] as const,
  breakdown: (range: RangeChoice) => [...analyticsKeys.all, 'breakdown', range] as const,
  health: () => [...analyticsKeys.all, 'health'] as const,
  dispatched: () => [...analyticsKeys.all, 'dispatched'] as const,
};
