/** The browser's own IANA time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let cached: string[] | undefined;

/** Every IANA zone this browser knows, sorted, with UTC (which some browsers leave out). */
export function timeZones(): string[] {
  cached ??= [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort((a, b) => a.localeCompare(b));
  return cached;
}
