/** The browser's own IANA time zone (what a new rule starts with). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let cached: string[] | undefined;

/** Every IANA zone this browser knows, sorted, with UTC (which some browsers leave out). */
export function timeZones(): string[] {
  cached ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort((a, b) => a.localeCompare(b));
  return cached;
}

/** Today's date (YYYY-MM-DD) in a zone, as the server writes {date}. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
