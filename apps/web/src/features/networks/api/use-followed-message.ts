import { useQuery } from '@tanstack/react-query';
import type { Message } from '@switchboard/contract';
import { networkKeys } from './network-keys';

/**
 * A message this page sent (e.g. a test message), as the cache holds it: set from the send's
 * answer, then moved along by message.updated events. It is never fetched.
 */
export function useFollowedMessage(id: string | null) {
  return useQuery<Message>({
    queryKey: networkKeys.message(id ?? ''),
    queryFn: () => Promise.reject(new Error('A followed message is only filled from answers and events.')),
    enabled: false,
    staleTime: Infinity,
  });
}
