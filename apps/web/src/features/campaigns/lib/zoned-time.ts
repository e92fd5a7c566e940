/** A wall-clock date and time in a zone: `date` YYYY-MM-DD, `time` HH:MM. */
export interface ZonedTime {
  date: string;
  time: string;
}

function partsIn(instant: number, zone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const p = partsIn(instant, zone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `zone` names (ISO, UTC). Two passes over the offset find it
 * across daylight-saving changes; a time skipped by a spring-forward lands just after the gap,
 * as the clocks show it.
 */
export function zonedToInstant({ date, time }: ZonedTime, zone: string): string | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const wall = Date.UTC(+dateMatch[1]!, +dateMatch[2]! - 1, +dateMatch[3]!, +timeMatch[1]!, +timeMatch[2]!);
  if (Number.isNaN(wall)) return null;
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return new Date(guess).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date and time of an instant in `zone`. */
export function instantToZoned(instant: string, zone: string): ZonedTime {
  const p = partsIn(new Date(instant).getTime(), zone);
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, time: `${pad(p.hour!)}:${pad(p.minute!)}` };
}
