import type { Conversation, ConversationListQuery } from '@switchboard/contract';

/** The list's filters as the page holds them (dates as the date inputs' YYYY-MM-DD). */
export interface ConversationFilters {
  q: string;
  networkId: string | null;
  unread: boolean;
  /** null: any; true: only opted-out contacts; false: only subscribed ones. */
  optedOut: boolean | null;
  from: string;
  to: string;
}

export const NO_FILTERS: ConversationFilters = {
  q: '',
  networkId: null,
  unread: false,
  optedOut: null,
  from: '',
  to: '',
};

/** How many filters (besides the search) are set, for the filter button. */
export function activeFilterCount(filters: ConversationFilters): number {
  return [filters.networkId, filters.unread, filters.optedOut !== null, filters.from, filters.to].filter(Boolean)
    .length;
}

/** Local midnight of a YYYY-MM-DD date, `days` later, as ISO; null when the input is empty or invalid. */
function localDayStart(value: string, days = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The API's query for the filters: `to` includes the whole chosen day. */
export function toListQuery(filters: ConversationFilters): ConversationListQuery {
  const query: ConversationListQuery = {};
  const q = filters.q.trim();
  if (q) query.q = q;
  if (filters.networkId) query.networkId = filters.networkId;
  if (filters.unread) query.unread = 'true';
  if (filters.optedOut !== null) query.optedOut = filters.optedOut ? 'true' : 'false';
  const from = localDayStart(filters.from);
  if (from) query.from = from;
  const to = localDayStart(filters.to, 1);
  if (to) query.to = to;
  return query;
}

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * Whether a conversation that changed belongs in a list with this query, as far as the client
 * can tell (the server also searches older message texts; a socket event shows only the newest).
 */
export function matchesListQuery(conversation: Conversation, query: ConversationListQuery): boolean {
  if (query.networkId && conversation.networkId !== query.networkId) return false;
  if (query.unread === 'true' && conversation.unreadCount === 0) return false;
  const optedOut = conversation.contact.optedOutAt !== null;
  if (query.optedOut === 'true' && !optedOut) return false;
  if (query.optedOut === 'false' && optedOut) return false;
  if (query.from && conversation.lastMessageAt < new Date(query.from).toISOString()) return false;
  if (query.to && conversation.lastMessageAt >= new Date(query.to).toISOString()) return false;
  if (query.q) {
    const q = query.q.trim().toLowerCase();
    const qDigits = digits(q);
    const texts = [conversation.contact.name ?? '', conversation.lastMessagePreview].map((text) => text.toLowerCase());
    const byNumber = qDigits.length > 0 && digits(conversation.contact.phoneNumber).includes(qDigits);
    if (!byNumber && !texts.some((text) => text.includes(q))) return false;
  }
  return true;
}
