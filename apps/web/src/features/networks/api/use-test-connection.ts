import { useMutation } from '@tanstack/react-query';
import type { ConnectionTestResult } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Tries a saved network's connection with its stored settings. */
export function testConnection(id: string): Promise<ConnectionTestResult> {
  return api<ConnectionTestResult>(`/api/networks/${encodeURIComponent(id)}/test-connection`, { method: 'POST' });
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
