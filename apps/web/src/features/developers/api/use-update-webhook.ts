import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWebhookBody, WebhookEndpoint, WebhookResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export async function updateWebhook({ id, body }: { id: string; body: UpdateWebhookBody }): Promise<WebhookEndpoint> {
  const { webhook } = await api<WebhookResponse>(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body });
  return webhook;
}

/** Replaces the endpoint in a cached list: a list of endpoints with this one changed. */
export function replaceWebhook(list: WebhookEndpoint[] | undefined, changed: WebhookEndpoint) {
  return list?.map((webhook) => (webhook.id === changed.id ? changed : webhook));
}

/** Changes an endpoint's events or turns it on or off. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (changed) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(), (list) => replaceWebhook(list, changed)),
  });
}
