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

/** Still on its way: the log is read again until it settles. */
function unsettled(deliveries: WebhookDelivery[] | undefined) {
  return deliveries?.some((d) => d.state === 'pending' || d.state === 'delivering') ?? false;
}

/** An endpoint's newest deliveries with their attempts; polled every 2 s while one is under way. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    queryFn: () => fetchWebhookDeliveries(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (unsettled(query.state.data) ? 2000 : false),
  });
}
