import { formatDateTime } from '../../../lib/format';
import { isolateLtr } from '../../../lib/isolate';

/** A moment as the spec writes it (MM/DD/YYYY hh:mm), kept in one piece inside right-to-left text. */
export function formatWhen(iso: string): string {
  return isolateLtr(formatDateTime(iso));
}

/** A calendar day (`YYYY-MM-DD`, no time zone) as MM/DD/YYYY; anything else as it is. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return isolateLtr(match ? `${match[2]}/${match[3]}/${match[1]}` : day);
}
