import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhookWithSecretResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { replaceWebhook } from './use-update-webhook';
import { webhookKeys } from './webhook-keys';

export interface RotateWebhookSecret {
  id: string;
  /** How long the previous secret keeps signing (the server's default when left out). */
  overlapHours?: number;
}

/** A new signing secret; the previous one keeps signing for `overlapHours`. */
export function rotateWebhookSecret({ id, overlapHours }: RotateWebhookSecret): Promise<WebhookWithSecretResponse> {
  return api<WebhookWithSecretResponse>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    body: overlapHours === undefined ? {} : { overlapHours },
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
