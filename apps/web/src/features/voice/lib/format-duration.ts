/**
 * A recording's length or a playback position as m:ss (h:mm:ss from one hour on), e.g. 0:07,
 * 2:05, 1:02:03. Seconds are floored, so a position never shows ahead of what was heard.
 * Unknown (null, negative, not a number) reads as "–:––".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '–:––';
  const whole = Math.floor(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/**
 * A recording's length: rounded to the nearest second, and never 0:00 for a recording that has
 * sound (a half-second message reads 0:01). Positions use formatDuration (floored) instead.
 */
export function formatLength(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0)
    return formatDuration(null);
  return formatDuration(seconds > 0 ? Math.max(1, Math.round(seconds)) : 0);
}
