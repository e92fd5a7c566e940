import { formatDateTime } from '../../../lib/format';

/**
 * A thread's time in the list, in the spec's format: hh:mm today, MM/DD/YYYY before; the full
 * MM/DD/YYYY hh:mm is the element's title.
 */
export function listTime(iso: string, now: Date = new Date()): string {
  const full = formatDateTime(iso);
  const date = new Date(iso);
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return sameDay ? full.slice(11) : full.slice(0, 10);
}
