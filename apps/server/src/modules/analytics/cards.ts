import {
  CARD_NAMES,
  type AnalyticsRangeQuery,
  type CardAnalytics,
  type CardName,
  type CardStatistics,
} from '@switchboard/contract';
import { AppError } from '../../lib/app-error.js';
import { cardValue, kpiOf } from './analytics-figures.js';
import { bucketStarts, periodStarts, rangeView, type ResolvedRange } from './analytics-range.js';
import { sourcesOf, type FiguresReader } from './figures-reader.js';

/** A name of the contract's list, or 404 naming the known ones. */
export function cardNameOf(name: string): CardName {
  if ((CARD_NAMES as readonly string[]).includes(name)) return name as CardName;
  throw new AppError('NOT_FOUND', `There is no card named "${name}". Cards: ${CARD_NAMES.join(', ')}.`);
}

/** The spec §7 card calls: one card's figure over the range, or per hour or day of it. */
export function createCards(deps: {
  rangeOf: (workspaceId: string, query: AnalyticsRangeQuery) => Promise<ResolvedRange>;
  figures: FiguresReader;
}) {
  return {
    async cardStatistics(workspaceId: string, rawName: string, query: AnalyticsRangeQuery): Promise<CardStatistics> {
      const name = cardNameOf(rawName);
      const range = await deps.rangeOf(workspaceId, query);
      const [previous, current] = await deps.figures(
        workspaceId,
        { starts: periodStarts(range), end: range.to },
        sourcesOf(name),
      );
      return { name, range: rangeView(range), kpi: kpiOf(cardValue(name, current!), cardValue(name, previous!)) };
    },

    async cardAnalytics(workspaceId: string, rawName: string, query: AnalyticsRangeQuery): Promise<CardAnalytics> {
      const name = cardNameOf(rawName);
      const range = await deps.rangeOf(workspaceId, query);
      const starts = bucketStarts(range);
      const perBucket = await deps.figures(workspaceId, { starts, end: range.to }, sourcesOf(name));
      return {
        name,
        range: rangeView(range),
        points: perBucket.map((f, i) => ({ at: starts[i]!.toISOString(), value: cardValue(name, f) })),
      };
    },
  };
}
