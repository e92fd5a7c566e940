import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplianceSettings, UpdateComplianceBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

export function fetchCompliance(): Promise<ComplianceSettings> {
  return api<ComplianceSettings>('/api/compliance');
}

/** The workspace's opt-out, opt-in and help replies. */
export function useCompliance(enabled = true) {
  return useQuery({ queryKey: conversationKeys.compliance(), queryFn: fetchCompliance, enabled });
}

/** Saves the replies; null resets one to the default of the language. */
export function updateCompliance(body: UpdateComplianceBody): Promise<ComplianceSettings> {
  return api<ComplianceSettings>('/api/compliance', { method: 'PATCH', body });
}

export function useUpdateCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompliance,
    onSuccess: (settings) => queryClient.setQueryData(conversationKeys.compliance(), settings),
  });
}
