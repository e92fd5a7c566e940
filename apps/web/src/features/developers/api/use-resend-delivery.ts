import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

interface ResendTarget {
  webhookId: string;
  deliveryId: string;
}

export async function resendDelivery({ webhookId, deliveryId }: ResendTarget): Promise<void> {
  const path = `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`;
  await api<unknown>(path, { method: 'POST' });
}

/** Sends a delivery's event again as a new delivery (202); the log is read again to show it. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: (_, { webhookId }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
