import type { VoiceMessage } from '@switchboard/contract';

/** What the filter bar holds: the search text, a network, unlistened only, a date range (YYYY-MM-DD). */
export interface VoiceFilters {
  q: string;
  networkId: string | null;
  unlistened: boolean;
  /** Native date input values, in the browser's time zone; '' when not set. */
  from: string;
  to: string;
}

export const NO_VOICE_FILTERS: VoiceFilters = { q: '', networkId: null, unlistened: false, from: '', to: '' };

export function hasVoiceFilters(filters: VoiceFilters): boolean {
  return Boolean(filters.q.trim() || filters.networkId || filters.unlistened || filters.from || filters.to);
}

/** The start of a local day as an instant; null for an empty or unreadable input. */
function startOfDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The range as instants: `from` at the start of its day, `to` at the end of its day (inclusive). */
export function dateRange(filters: Pick<VoiceFilters, 'from' | 'to'>): { from: Date | null; to: Date | null } {
  const from = startOfDay(filters.from);
  const toStart = startOfDay(filters.to);
  const to = toStart ? new Date(toStart.getFullYear(), toStart.getMonth(), toStart.getDate() + 1, 0, 0, 0, -1) : null;
  return { from, to };
}

/** The query string of GET /api/voice-messages for these filters (without cursor and limit). */
export function voiceFilterParams(filters: VoiceFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.networkId) params.set('networkId', filters.networkId);
  if (filters.unlistened) params.set('unlistened', 'true');
  const { from, to } = dateRange(filters);
  if (from) params.set('from', from.toISOString());
  if (to) params.set('to', to.toISOString());
  return params;
}

/**
 * Whether a voice message belongs in a list with these filters, as the server would decide, so a
 * message arriving live is put only into the lists that would show it. The search compares
 * digits with digits (a number typed with spaces or dashes finds the caller).
 */
export function matchesVoiceFilters(message: VoiceMessage, filters: VoiceFilters): boolean {
  if (filters.networkId && message.networkId !== filters.networkId) return false;
  if (filters.unlistened && message.listened) return false;
  const { from, to } = dateRange(filters);
  const at = new Date(message.createdAt).getTime();
  if (from && at < from.getTime()) return false;
  if (to && at > to.getTime()) return false;
  const q = filters.q.trim().toLowerCase();
  if (!q) return true;
  const text = [message.contact.name ?? '', message.contact.phoneNumber, message.transcript ?? ''].join('\n');
  if (text.toLowerCase().includes(q)) return true;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 && message.contact.phoneNumber.replace(/\D/g, '').includes(digits);
}
