import type { CardName } from '@switchboard/contract';
import type { AnalyticsRepository, Buckets } from './analytics.repository.js';
import type { AnalyticsSideRepository } from './analytics-side.repository.js';
import { emptyTally, talliesByBucket, valuesByBucket, type Figures } from './analytics-figures.js';

/** Where a figure comes from: the roll-up, or one of the side tables. */
type Source = 'rollup' | 'optOuts' | 'voiceMessages' | 'campaignsSent' | 'responseTime';

const SIDE_SOURCE: Partial<Record<CardName, Source>> = {
  'opt-outs': 'optOuts',
  'voice-messages': 'voiceMessages',
  'campaigns-sent': 'campaignsSent',
  'response-time': 'responseTime',
};

export const ALL_SOURCES: ReadonlySet<Source> = new Set([
  'rollup',
  'optOuts',
  'voiceMessages',
  'campaignsSent',
  'responseTime',
]);

/** The one source a card needs (a card call reads only that). */
export const sourcesOf = (name: CardName): ReadonlySet<Source> => new Set([SIDE_SOURCE[name] ?? 'rollup']);

/**
 * Every figure per bucket, from the sources asked for (the others stay 0 / null): one grouped
 * statement per source over the buckets' whole span.
 */
export function createFiguresReader(repo: AnalyticsRepository, side: AnalyticsSideRepository) {
  return async function figures(workspaceId: string, b: Buckets, sources: ReadonlySet<Source>): Promise<Figures[]> {
    const n = b.starts.length;
    const none = () => Promise.resolve([]);
    const [cells, optOuts, voice, campaigns, responses] = await Promise.all([
      sources.has('rollup') ? repo.cells(workspaceId, b) : none(),
      sources.has('optOuts') ? side.optOuts(workspaceId, b) : none(),
      sources.has('voiceMessages') ? side.voiceMessages(workspaceId, b) : none(),
      sources.has('campaignsSent') ? side.campaignsStarted(workspaceId, b) : none(),
      sources.has('responseTime') ? side.medianResponse(workspaceId, b) : none(),
    ]);
    const tallies = cells.length > 0 ? talliesByBucket(cells, n) : Array.from({ length: n }, emptyTally);
    const optOutValues = valuesByBucket(optOuts, n, 0);
    const voiceValues = valuesByBucket(voice, n, 0);
    const campaignValues = valuesByBucket(campaigns, n, 0);
    const responseValues = valuesByBucket(responses, n, null);
    return tallies.map((tally, i) => ({
      ...tally,
      optOuts: optOutValues[i]!,
      voiceMessages: voiceValues[i]!,
      campaignsSent: campaignValues[i]!,
      responseTime: responseValues[i]!,
    }));
  };
}

export type FiguresReader = ReturnType<typeof createFiguresReader>;
