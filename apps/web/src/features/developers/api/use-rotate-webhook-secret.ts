import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookWithSecretResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { replaceWebhook } from './use-update-webhook';
import { webhookKeys } from './webhook-keys';

/** A new signing secret; the previous one keeps signing for the server's default overlap. */
export function rotateWebhookSecret(id: string): Promise<WebhookWithSecretResponse> {
  return api<WebhookWithSecretResponse>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    body: {},
  });
}

/** Rotates the secret; the new one lives only in the dialog that shows it. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ webhook }) =>
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(), (list) => replaceWebhook(list, webhook)),
  });
}
