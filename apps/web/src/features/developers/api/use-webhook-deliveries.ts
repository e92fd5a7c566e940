import { useQuery } from '@tanstack/react-query';
import type { WebhookDeliveriesResponse, WebhookDelivery } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

const LOG_LIMIT = 50;

export async function fetchWebhookDeliveries(id: string): Promise<WebhookDelivery[]> {
  const { deliveries } = await api<WebhookDeliveriesResponse>(
    `/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=${LOG_LIMIT}`,
  );
  return deliveries;
}

/**
 * On its way now: being delivered, or queued and not tried yet (a test event, a resend). A retry
 * waiting minutes for its backoff is not polled for; "Refresh" reads it.
 */
function underWay(deliveries: WebhookDelivery[] | undefined) {
  return (
    deliveries?.some((d) => d.state === 'delivering' || (d.state === 'pending' && d.attempts.length === 0)) ?? false
  );
}

/** An endpoint's newest deliveries with their attempts; read every 2 s while one is under way. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: () => fetchWebhookDeliveries(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? 2000 : false),
  });
}
