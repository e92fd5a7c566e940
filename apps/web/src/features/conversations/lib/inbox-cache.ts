import type { InfiniteData } from '@tanstack/react-query';
import type {
  Contact,
  Conversation,
  ConversationListQuery,
  ConversationListResponse,
  Message,
  ThreadCampaign,
  ThreadResponse,
} from '@switchboard/contract';
import { matchesListQuery } from './conversation-filters';

/**
 * Pure updates of the inbox's cached pages, for socket events and answers. Each returns the same
 * object when nothing changed, so TanStack Query does not re-render for events that do not matter.
 */
export type ConversationPages = InfiniteData<ConversationListResponse>;
export type ThreadPages = InfiniteData<ThreadResponse>;

/** Newest activity first; the id breaks ties like the server's cursor does. */
function newerConversation(a: Conversation, b: Conversation): boolean {
  return a.lastMessageAt > b.lastMessageAt || (a.lastMessageAt === b.lastMessageAt && a.id > b.id);
}

/**
 * A changed or new conversation in a list: it takes its place by its last activity (a new
 * message moves it to the top). A conversation not yet listed joins only when it matches the
 * list's filters; one that is listed stays, updated, so it does not vanish under the reader.
 * A place after the last loaded page is left to paging.
 */
export function upsertConversation(
  data: ConversationPages | undefined,
  conversation: Conversation,
  query: ConversationListQuery,
): ConversationPages | undefined {
  if (!data) return data;
  const listed = data.pages.some((page) => page.conversations.some((item) => item.id === conversation.id));
  if (!listed && !matchesListQuery(conversation, query)) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    conversations: page.conversations.filter((item) => item.id !== conversation.id),
  }));
  let placed = false;
  for (const page of pages) {
    const index = page.conversations.findIndex((item) => newerConversation(conversation, item));
    if (index !== -1) {
      page.conversations.splice(index, 0, conversation);
      placed = true;
      break;
    }
  }
  const last = pages.at(-1);
  if (!placed && last && last.nextCursor === null) {
    last.conversations.push(conversation);
    placed = true;
  }
  if (!placed && !listed) return data;
  return { ...data, pages };
}

/** A contact's new name, tags or opt-out state in every conversation of the list that shows it. */
export function patchContactInList(
  data: ConversationPages | undefined,
  contact: Contact,
): ConversationPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.conversations.some((item) => item.contact.id === contact.id)) return page;
    changed = true;
    return {
      ...page,
      conversations: page.conversations.map((item) => (item.contact.id === contact.id ? { ...item, contact } : item)),
    };
  });
  return changed ? { ...data, pages } : data;
}

const OUTBOUND_ORDER = ['queued', 'sending', 'sent', 'delivered'] as const;

/** How far a message has come; `failed`, `cancelled` and `received` are final. */
export function stateRank(message: Message): number {
  if (message.state === 'failed' || message.state === 'cancelled' || message.state === 'received')
    return OUTBOUND_ORDER.length;
  return OUTBOUND_ORDER.indexOf(message.state);
}

/** Newest first, like the thread's pages; the id breaks ties. */
function newerMessage(a: Message, b: Message): boolean {
  return a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
}

/**
 * A new or changed message in a thread's pages (newest first). A message already held is
 * replaced by id, so the answer to a send and its message.created event never make two; an
 * older state arriving late (events and answers race) never replaces a newer one.
 */
export function upsertThreadMessage(data: ThreadPages | undefined, message: Message): ThreadPages | undefined {
  if (!data) return data;
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.messages.findIndex((item) => item.id === message.id);
    if (index === -1) continue;
    if (stateRank(page.messages[index]!) > stateRank(message)) return data;
    const messages = page.messages.map((item, i) => (i === index ? message : item));
    return { ...data, pages: data.pages.map((item, i) => (i === pageIndex ? { ...page, messages } : item)) };
  }
  // The event of a reply this tab sent may come before the send's answer: it takes the place of
  // the message shown while sending.
  const pending =
    message.direction === 'out' && !message.id.startsWith(PENDING_PREFIX) ? findPending(data, message.body) : undefined;
  if (pending) return upsertThreadMessage(removeThreadMessage(data, pending.id), message);
  const pages = [...data.pages];
  for (const [pageIndex, page] of pages.entries()) {
    const index = page.messages.findIndex((item) => newerMessage(message, item));
    // Newer than everything: the top of the first page (also when that page is empty).
    if (index !== -1 || (pageIndex === 0 && page.messages.length === 0)) {
      const messages = [...page.messages];
      messages.splice(index === -1 ? 0 : index, 0, message);
      pages[pageIndex] = { ...page, messages };
      return { ...data, pages };
    }
  }
  const last = pages.at(-1);
  // Older than everything loaded: it belongs to a page still to come, unless none is left.
  if (!last || last.nextCursor !== null) return data;
  pages[pages.length - 1] = { ...last, messages: [...last.messages, message] };
  return { ...data, pages };
}

/** Ids of messages shown while sending start with this; the server's are UUIDs. */
export const PENDING_PREFIX = 'pending-';

function findPending(data: ThreadPages, body: string): Message | undefined {
  for (const page of data.pages) {
    const found = page.messages.find((item) => item.id.startsWith(PENDING_PREFIX) && item.body === body);
    if (found) return found;
  }
  return undefined;
}

/** Takes a message out of a thread (a send that failed before the server stored it). */
export function removeThreadMessage(data: ThreadPages | undefined, id: string): ThreadPages | undefined {
  if (!data || !data.pages.some((page) => page.messages.some((item) => item.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((item) => item.id !== id) })),
  };
}

/** The message the server stored in place of the one shown while sending (by its temporary id). */
export function replacePendingMessage(
  data: ThreadPages | undefined,
  pendingId: string,
  message: Message,
): ThreadPages | undefined {
  return upsertThreadMessage(removeThreadMessage(data, pendingId), message);
}

/**
 * Merges the newest page fetched after a reconnect into the held pages. When the fetched page
 * does not reach back to what is held, more was missed than one page: null asks for a refetch.
 */
export function mergeNewestPage(data: ThreadPages | undefined, newest: ThreadResponse): ThreadPages | undefined | null {
  if (!data) return data;
  const held = new Set(data.pages.flatMap((page) => page.messages.map((item) => item.id)));
  const reachesHeld =
    held.size === 0 || newest.messages.some((item) => held.has(item.id)) || newest.nextCursor === null;
  if (!reachesHeld) return null;
  let next: ThreadPages | undefined = withCampaigns(data, newest.campaigns);
  // Oldest first, so each newer one lands above it.
  for (const message of [...newest.messages].reverse()) next = upsertThreadMessage(next, message);
  return next;
}

/** The thread's messages oldest first, as it is read. */
export function chronological(data: ThreadPages | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let p = data.pages.length - 1; p >= 0; p -= 1) {
    const page = data.pages[p]!.messages;
    for (let i = page.length - 1; i >= 0; i -= 1) messages.push(page[i]!);
  }
  return messages;
}

/** The names of the campaigns the thread's pages name, by id. */
export function campaignNames(data: ThreadPages | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const page of data?.pages ?? []) for (const campaign of page.campaigns) names.set(campaign.id, campaign.name);
  return names;
}

/** Campaigns named by a later answer (a message that came by socket has only the id) join the first page. */
export function withCampaigns(data: ThreadPages | undefined, campaigns: ThreadCampaign[]): ThreadPages | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  const known = campaignNames(data);
  const added = campaigns.filter((campaign) => known.get(campaign.id) !== campaign.name);
  if (added.length === 0) return data;
  const ids = new Set(added.map((campaign) => campaign.id));
  const kept = first.campaigns.filter((campaign) => !ids.has(campaign.id));
  return { ...data, pages: [{ ...first, campaigns: [...kept, ...added] }, ...data.pages.slice(1)] };
}
