import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsgateSigningKeyResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { webhookKeys } from './webhook-keys';

const smsgateKeyKey = [...webhookKeys.all, 'smsgate-signing-key'] as const;

/** The key of SMSGate-format webhooks' X-Signature; read only when `enabled` (the admin asked to see it). */
export function useSmsgateSigningKey(enabled: boolean) {
  return useQuery({
    queryKey: smsgateKeyKey,
    queryFn: () => api<SmsgateSigningKeyResponse>('/api/webhooks/smsgate-signing-key'),
    enabled,
    staleTime: Infinity,
  });
}

/** A new SMSGate signing key; the old one stops signing at once. */
export function useRotateSmsgateSigningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<SmsgateSigningKeyResponse>('/api/webhooks/smsgate-signing-key/rotate', { method: 'POST', body: {} }),
    onSuccess: (answer) => queryClient.setQueryData(smsgateKeyKey, answer),
  });
}
