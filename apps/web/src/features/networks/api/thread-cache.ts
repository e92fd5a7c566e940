import type { Message } from '@switchboard/contract';

/**
 * A thread (oldest first) with `message` added or replaced. An older copy never overwrites a
 * newer one: socket events and answers may arrive in any order.
 */
export function upsertThreadMessage(thread: Message[], message: Message): Message[] {
  const index = thread.findIndex((item) => item.id === message.id);
  if (index === -1) {
    return [...thread, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
  if (stateRank(thread[index]!) > stateRank(message)) return thread;
  return thread.map((item, i) => (i === index ? message : item));
}

const OUTBOUND_ORDER = ['queued', 'sending', 'sent', 'delivered'] as const;

/** How far a message has come; `failed`, `cancelled` and `received` are final. */
export function stateRank(message: Message): number {
  if (message.state === 'failed' || message.state === 'cancelled' || message.state === 'received')
    return OUTBOUND_ORDER.length;
  return OUTBOUND_ORDER.indexOf(message.state);
}

/** The conversation a thread belongs to (all its messages share one), or null while it is empty. */
export function threadConversationId(thread: Message[] | undefined): string | null {
  return thread?.[0]?.conversationId ?? null;
}
