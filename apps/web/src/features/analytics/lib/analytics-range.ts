import { ANALYTICS_MAX_DAYS, ANALYTICS_PRESETS, type AnalyticsPreset } from '@switchboard/contract';

/** The page's range: a preset, or two local dates of the workspace's time zone (both included). */
export type RangeChoice = { preset: AnalyticsPreset } | { from: string; to: string };

export const DEFAULT_RANGE: RangeChoice = { preset: '7d' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included; null when either is not a calendar date. */
export function daysBetween(from: string, to: string): number | null {
  if (!DATE.test(from) || !DATE.test(to)) return null;
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  // Date.parse rolls 2026-02-31 over into March: such a date is not a calendar date.
  if (new Date(start).toISOString().slice(0, 10) !== from || new Date(end).toISOString().slice(0, 10) !== to)
    return null;
  return Math.round((end - start) / DAY_MS) + 1;
}

export type CustomRangeProblem = 'invalid' | 'order' | 'tooLong';

/** Why a custom range cannot be asked for (the server would answer 400), or null when it can. */
export function customRangeProblem(from: string, to: string): CustomRangeProblem | null {
  const days = daysBetween(from, to);
  if (days === null) return 'invalid';
  if (days < 1) return 'order';
  if (days > ANALYTICS_MAX_DAYS) return 'tooLong';
  return null;
}

/** The range kept in the page's address (?preset=30d or ?from=…&to=…), so a bookmark keeps it. */
export function rangeFromParams(params: URLSearchParams): RangeChoice {
  const preset = params.get('preset');
  if ((ANALYTICS_PRESETS as readonly string[]).includes(preset ?? '')) return { preset: preset as AnalyticsPreset };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (from && to && customRangeProblem(from, to) === null) return { from, to };
  return DEFAULT_RANGE;
}

/** The query string of every analytics call for a range (without the leading `?`). */
export function rangeQuery(range: RangeChoice): string {
  const params: Record<string, string> =
    'preset' in range ? { preset: range.preset } : { from: range.from, to: range.to };
  return new URLSearchParams(params).toString();
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: string | number | Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

/**
 * The dates a custom range starts from: those of the range on screen (its `to` is exclusive, so
 * its last day is the one before), in the workspace's time zone.
 */
export function datesOfRange(range: { from: string; to: string; timeZone: string }): { from: string; to: string } {
  return { from: localDate(range.from, range.timeZone), to: localDate(Date.parse(range.to) - 1, range.timeZone) };
}
