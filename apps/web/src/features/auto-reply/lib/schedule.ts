import type { OpeningRange } from '@switchboard/contract';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The next range of a day: 9 to 5 on a closed day, otherwise two hours after the last one ends. */
export function nextRange(ranges: OpeningRange[]): OpeningRange {
  const last = ranges.at(-1);
  if (!last) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutesOf(last.end), 23 * 60);
  return { start: clockOf(start), end: clockOf(Math.min(start + 120, 24 * 60)) };
}

/** Monday's hours on Tuesday to Friday too (weekend days keep theirs). */
export function copyMondayToWeekdays(schedule: OpeningRange[][]): OpeningRange[][] {
  const monday = schedule[0] ?? [];
  return schedule.map((day, index) => (index >= 1 && index <= 4 ? monday.map((range) => ({ ...range })) : day));
}

/** Days (0 = Monday) whose ranges overlap: the contract refuses the schedule without naming one. */
export function overlappingDays(schedule: OpeningRange[][]): number[] {
  return schedule.flatMap((ranges, day) => {
    const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
    return sorted.some((range, i) => i > 0 && range.start < sorted[i - 1]!.end) ? [day] : [];
  });
}

/**
 * The native time input cannot show 24:00, the schedule's "end of the day": it shows 00:00, and
 * 00:00 as a closing time means midnight (a range cannot end at its day's start).
 */
export const closingInputValue = (end: string) => (end === '24:00' ? '00:00' : end);
export const closingFromInput = (value: string) => (value === '00:00' ? '24:00' : value);
