import {
  ANALYTICS_MAX_DAYS,
  type AnalyticsGranularity,
  type AnalyticsPreset,
  type AnalyticsRange,
  type AnalyticsRangeQuery,
} from '@switchboard/contract';
import { Temporal } from 'temporal-polyfill';
import { AppError } from '../../lib/app-error.js';

/**
 * The range of an analytics call in the workspace's time zone, pure (unit-tested in
 * test/lib/analytics-range.test.ts). Local days are turned into instants with Temporal (as quiet
 * hours do), so days of 23 or 25 hours around a daylight-saving change come out right.
 *
 * The roll-up counts by UTC hour; a day bucket holds the hours whose start falls in that local
 * day. In a zone off by half an hour (India, Newfoundland…) a day's figures are therefore those
 * of the hours starting 30 minutes after its midnight until 30 minutes after the next one.
 */

const HOUR_MS = 3_600_000;
/** Ranges of up to this many days are counted by hour. */
const HOURLY_UP_TO_DAYS = 2;

const PRESET_DAYS: Record<AnalyticsPreset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

export interface ResolvedRange {
  from: Date;
  /** Exclusive: the end of the last day. */
  to: Date;
  previousFrom: Date;
  previousTo: Date;
  timeZone: string;
  granularity: AnalyticsGranularity;
  /** Local days covered. */
  days: number;
  /** The first local day (for day buckets). */
  firstDay: Temporal.PlainDate;
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

const dayStart = (day: Temporal.PlainDate, timeZone: string) =>
  new Date(day.toZonedDateTime({ timeZone }).epochMilliseconds);

/** The local date of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone).toPlainDate();
}

/** The first and last local day asked for: a preset (default 7d) or from–to; refuses mixed or partial forms. */
function requestedDays(query: AnalyticsRangeQuery, today: Temporal.PlainDate) {
  const custom = query.from !== undefined || query.to !== undefined;
  if (custom && query.preset) throw invalid('Give either a preset or from and to, not both.');
  if (!custom) {
    const days = PRESET_DAYS[query.preset ?? '7d'];
    return { first: today.subtract({ days: days - 1 }), last: today };
  }
  if (!query.from || !query.to) throw invalid('A custom range needs both from and to.');
  const first = Temporal.PlainDate.from(query.from);
  const last = Temporal.PlainDate.from(query.to);
  if (Temporal.PlainDate.compare(first, last) > 0) throw invalid('The range’s from must not be after its to.');
  return { first, last };
}

/** Resolves the query at `now` in the workspace's zone; 400 VALIDATION_FAILED for a bad or too long range. */
export function resolveRange(query: AnalyticsRangeQuery, timeZone: string, now: Date): ResolvedRange {
  const { first, last } = requestedDays(query, localDate(now, timeZone));
  const days = first.until(last, { largestUnit: 'days' }).days + 1;
  if (days > ANALYTICS_MAX_DAYS) throw invalid(`A range may span at most ${ANALYTICS_MAX_DAYS} days.`);
  const from = dayStart(first, timeZone);
  return {
    from,
    to: dayStart(last.add({ days: 1 }), timeZone),
    // The same number of local days just before.
    previousFrom: dayStart(first.subtract({ days }), timeZone),
    previousTo: from,
    timeZone,
    granularity: days <= HOURLY_UP_TO_DAYS ? 'hour' : 'day',
    days,
    firstDay: first,
  };
}

/** The range as the contract shows it. */
export function rangeView(range: ResolvedRange): AnalyticsRange {
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    previousFrom: range.previousFrom.toISOString(),
    previousTo: range.previousTo.toISOString(),
    timeZone: range.timeZone,
    granularity: range.granularity,
  };
}

/**
 * The buckets' starts, ascending: UTC hours starting in the range (hour granularity) or the local
 * days' midnights. A bucket runs to the next start; the last one to `range.to`. Every hour of the
 * roll-up in the range falls in exactly one bucket (SQL `width_bucket` over these starts).
 */
export function bucketStarts(range: ResolvedRange): Date[] {
  if (range.granularity === 'hour') {
    const starts: Date[] = [];
    for (let t = Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS; t < range.to.getTime(); t += HOUR_MS)
      starts.push(new Date(t));
    return starts;
  }
  return Array.from({ length: range.days }, (_, i) => dayStart(range.firstDay.add({ days: i }), range.timeZone));
}

/** The two periods as buckets: 1 = the previous period, 2 = the range. */
export const periodStarts = (range: ResolvedRange): Date[] => [range.previousFrom, range.from];
