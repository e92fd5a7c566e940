import { isTimeZone } from '@switchboard/contract';
import { Temporal } from 'temporal-polyfill';
import { mainZoneOfNumber } from '../../lib/number-time-zone.js';

/**
 * Quiet hours in the recipient's local time (issue 13): which zone a recipient lives in, and when
 * a message due inside the window may go. Pure; the start of a campaign calls these for up to
 * 100,000 recipients, so both answer from caches after the first call for a zone (and day).
 */

export interface QuietWindow {
  /** HH:MM local; after `end` the window spans midnight (21:00–08:00). */
  start: string;
  end: string;
}

const validZones = new Map<string, boolean>();

function isKnownZone(zone: string): boolean {
  let valid = validZones.get(zone);
  if (valid === undefined) {
    valid = isTimeZone(zone);
    if (validZones.size >= 1_000) validZones.clear();
    validZones.set(zone, valid);
  }
  return valid;
}

/**
 * The zone a recipient's quiet hours are read in: the contact's own zone when set and known; else
 * the main zone of the number's country (lib/number-time-zone.ts: a country's only zone, or where
 * most of its people live, e.g. US → America/New_York, AU → Australia/Sydney); else the
 * workspace's zone.
 */
export function zoneForRecipient(phoneE164: string, contactZone: string | null, workspaceZone: string): string {
  if (contactZone && isKnownZone(contactZone)) return contactZone;
  return mainZoneOfNumber(phoneE164) ?? workspaceZone;
}

/**
 * `due` when it is outside the quiet window in `zone`'s local time, else the instant the window
 * ends. See outOfQuietHoursMs for how daylight-saving changes are read.
 */
export function outOfQuietHours(due: Date, zone: string, quiet: QuietWindow | null): Date {
  if (!quiet) return due;
  const at = outOfQuietHoursMs(due.getTime(), zone, quiet);
  return at === due.getTime() ? due : new Date(at);
}

const DAY_MS = 86_400_000;
/** Quiet intervals [from, until) in epoch ms that touch one UTC day, per zone and window. */
const intervalsByWindow = new Map<string, Map<number, Array<readonly [number, number]>>>();
const CACHED_DAYS = 20_000;
let cachedDays = 0;

/**
 * Like outOfQuietHours, on epoch milliseconds (no Date per recipient). A window's edge on a local
 * day is the first instant the wall clock there reads that time or later: inside an hour that
 * the spring change skips, the moment of the change; inside the hour that the autumn change
 * repeats, its first pass. So "until 02:30" ends at 03:00 on a night the clock jumps from 02:00
 * to 03:00, and at the first 02:30 on a night it goes back from 03:00 to 02:00.
 */
export function outOfQuietHoursMs(dueMs: number, zone: string, quiet: QuietWindow): number {
  let at = dueMs;
  // Windows of consecutive days never touch (start ≠ end), so one step is enough; the bound
  // only guards against a zone whose rules would make them touch.
  for (let step = 0; step < 3; step++) {
    const inside = quietIntervalsOfDay(zone, quiet, Math.floor(at / DAY_MS)).find(
      ([from, until]) => at >= from && at < until,
    );
    if (!inside) return at;
    at = inside[1];
  }
  return at;
}

function quietIntervalsOfDay(zone: string, quiet: QuietWindow, utcDay: number): Array<readonly [number, number]> {
  const key = `${zone} ${quiet.start} ${quiet.end}`;
  let days = intervalsByWindow.get(key);
  if (!days) intervalsByWindow.set(key, (days = new Map()));
  let intervals = days.get(utcDay);
  if (!intervals) {
    if (cachedDays >= CACHED_DAYS) {
      intervalsByWindow.clear();
      intervalsByWindow.set(key, days);
      days.clear();
      cachedDays = 0;
    }
    intervals = computeIntervals(zone, quiet, utcDay);
    days.set(utcDay, intervals);
    cachedDays++;
  }
  return intervals;
}

/** Every quiet interval that overlaps the UTC day: local dates from two before to one after it. */
function computeIntervals(zone: string, quiet: QuietWindow, utcDay: number): Array<readonly [number, number]> {
  const dayStart = utcDay * DAY_MS;
  const utcDate = Temporal.Instant.fromEpochMilliseconds(dayStart).toZonedDateTimeISO('UTC').toPlainDate();
  const start = clockOf(quiet.start);
  const end = clockOf(quiet.end);
  const spansMidnight = quiet.start > quiet.end;
  const intervals: Array<readonly [number, number]> = [];
  for (let offset = -2; offset <= 1; offset++) {
    const date = utcDate.add({ days: offset });
    const from = firstInstantAt(date, start, zone);
    const until = firstInstantAt(spansMidnight ? date.add({ days: 1 }) : date, end, zone);
    if (until > dayStart && from < dayStart + DAY_MS) intervals.push([from, until]);
  }
  return intervals;
}

const clockOf = (clock: string) => Temporal.PlainTime.from(clock);

/** The first instant whose wall-clock time in `zone` on `date` is `time` or later. */
function firstInstantAt(date: Temporal.PlainDate, time: Temporal.PlainTime, zone: string): number {
  const wall = date.toPlainDateTime(time);
  const earlier = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
  // In a skipped hour 'earlier' lands before the jump (02:30 → 01:30): the jump is the answer.
  if (Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), wall) === 0) return earlier.epochMilliseconds;
  return earlier.getTimeZoneTransition('next')!.epochMilliseconds;
}
