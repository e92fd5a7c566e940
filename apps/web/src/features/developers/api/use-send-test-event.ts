import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export async function sendTestEvent(id: string): Promise<void> {
  await api<unknown>(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' });
}

/** Queues a `webhook.test` delivery (202); the endpoint's log is read again to show it. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
