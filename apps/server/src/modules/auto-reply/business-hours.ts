import type { OpeningRange, WeeklySchedule } from '@switchboard/contract';
import { Temporal } from 'temporal-polyfill';

/** A moment as a clock on the wall of a time zone sees it. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** 0 = Monday … 6 = Sunday (the schedule's index). */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

// Messages arrive by the hundred per minute and rules share a few zones: one zone and minute give
// one answer (today's zones are offset from UTC by whole minutes).
const recent = new Map<string, LocalMoment>();
const RECENT_SIZE = 1_000;

/** The local date, weekday and time of `at` in `timeZone` (daylight-saving changes included). */
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const minute = Math.floor(at.getTime() / 60_000);
  const key = `${timeZone} ${minute}`;
  let moment = recent.get(key);
  if (!moment) {
    const zoned = Temporal.Instant.fromEpochMilliseconds(minute * 60_000).toZonedDateTimeISO(timeZone);
    moment = {
      date: zoned.toPlainDate().toString(),
      weekday: zoned.dayOfWeek - 1,
      minutes: zoned.hour * 60 + zoned.minute,
    };
    if (recent.size >= RECENT_SIZE) recent.clear();
    recent.set(key, moment);
  }
  return moment;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const inRange = (range: OpeningRange, minutes: number) =>
  minutes >= minutesOf(range.start) && minutes < minutesOf(range.end);

/** True when the business is open at this local moment: a range of its weekday holds it and it is no holiday. */
export function isOpen(schedule: WeeklySchedule, holidays: readonly string[], moment: LocalMoment): boolean {
  if (holidays.includes(moment.date)) return false;
  return (schedule[moment.weekday] ?? []).some((range) => inRange(range, moment.minutes));
}
