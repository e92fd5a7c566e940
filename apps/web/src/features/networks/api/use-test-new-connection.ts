import { useMutation } from '@tanstack/react-query';
import type { ConnectionTestResult, CreateNetworkBody } from '@switchboard/contract';
import { api } from '../../../lib/api-client';

/** Tries a network's settings before it is saved (SMPP binds, HTTP checks the credentials). */
export function testNewConnection(body: CreateNetworkBody): Promise<ConnectionTestResult> {
  return api<ConnectionTestResult>('/api/networks/test-connection', { method: 'POST', body });
}

export function useTestNewConnection() {
  return useMutation({ mutationFn: testNewConnection });
}
