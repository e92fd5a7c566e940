import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, WebhookEndpoint, WebhookWithSecretResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

/** Adds an endpoint; the answer's `secret` is the only time the whole signing secret is seen. */
export function createWebhook(body: CreateWebhookBody): Promise<WebhookWithSecretResponse> {
  return api<WebhookWithSecretResponse>('/api/webhooks', { method: 'POST', body });
}

/** The new endpoint goes first into the cached list (newest first); the secret never enters the cache. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: ({ webhook }) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(), (list) => (list ? [webhook, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
