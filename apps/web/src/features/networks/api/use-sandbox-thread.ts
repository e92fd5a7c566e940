import { useQuery } from '@tanstack/react-query';
import type { Message, MessagesResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

export async function fetchSandboxThread(id: string, number: string): Promise<Message[]> {
  const query = new URLSearchParams({ number });
  const { messages } = await api<MessagesResponse>(
    `/api/networks/${encodeURIComponent(id)}/sandbox/messages?${query.toString()}`,
  );
  return messages;
}

/**
 * The messages between the virtual phone `number` and the workspace, oldest first: `in` is the
 * phone texting the workspace, `out` the workspace's messages to the phone. Live through
 * useNetworkEvents.
 */
export function useSandboxThread(id: string, number: string | null) {
  return useQuery({
    queryKey: networkKeys.sandboxThread(id, number ?? ''),
    queryFn: () => fetchSandboxThread(id, number!),
    enabled: Boolean(number),
    // An invalid number is a 400 that asking again will not change; the phone shows it.
    retry: false,
  });
}
