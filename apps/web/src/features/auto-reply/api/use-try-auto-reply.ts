import { useMutation } from '@tanstack/react-query';
import type { TryAutoReplyBody, TryAutoReplyResult } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** What the rules would do with this message now; nothing is sent or stored. */
export function tryAutoReply(body: TryAutoReplyBody): Promise<TryAutoReplyResult> {
  return api<TryAutoReplyResult>('/api/auto-reply/try', { method: 'POST', body });
}

/** A mutation, not a query: each "Try" asks again (a cooldown may have run out meanwhile). */
export function useTryAutoReply() {
  return useMutation({ mutationFn: tryAutoReply });
}
