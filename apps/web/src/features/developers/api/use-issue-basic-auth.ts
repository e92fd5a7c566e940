import { useMutation } from '@tanstack/react-query';
import type { ApiKeyBasicAuthResponse } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

export function issueBasicAuth(id: string): Promise<ApiKeyBasicAuthResponse> {
  return api<ApiKeyBasicAuthResponse>(`/api/api-keys/${encodeURIComponent(id)}/basic-auth`, { method: 'POST' });
}

/**
 * New SMSGate credentials for a key. The answer (a password shown once) stays out of the query
 * cache: the dialog holds it alone.
 */
export function useIssueBasicAuth() {
  return useMutation({ mutationFn: issueBasicAuth });
}
