import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export async function deleteWebhook(id: string): Promise<string> {
  await api<unknown>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return id;
}

/** Deletes an endpoint with its log; the cached list drops it at once. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (id) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(), (list) => list?.filter((w) => w.id !== id));
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
    },
  });
}
