import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint, WebhooksResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

export async function fetchWebhooks(): Promise<WebhookEndpoint[]> {
  const { webhooks } = await api<WebhooksResponse>('/api/webhooks');
  return webhooks;
}

export const webhooksQuery = queryOptions({ queryKey: webhookKeys.list(), queryFn: fetchWebhooks });

/** The workspace's webhook endpoints (`GET /api/webhooks`, admins). */
export function useWebhooks() {
  return useQuery(webhooksQuery);
}
