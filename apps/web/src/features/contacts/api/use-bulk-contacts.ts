import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkContactBody, BulkContactResponse, ContactSelection } from '@switchboard/contract';
import { api } from '../../../lib/api-client';
import { refreshContactBook } from './contacts-cache';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One bulk action without its selection: `{ action: 'tag', tag }`, `{ action: 'delete' }`… */
export type BulkAction = DistributiveOmit<BulkContactBody, 'selection'>;

export interface BulkInput {
  action: BulkAction;
  /** One or more selections (ticked ids come in parts the API takes); applied one after another. */
  selections: ContactSelection[];
}

export function bulkContacts(body: BulkContactBody): Promise<BulkContactResponse> {
  return api<BulkContactResponse>('/api/contacts/bulk', { method: 'POST', body });
}

/** Applies the action to every part of the selection and adds up what the server did. */
export async function applyBulk({ action, selections }: BulkInput): Promise<BulkContactResponse> {
  const total: BulkContactResponse = { affected: 0, skipped: 0 };
  for (const selection of selections) {
    const result = await bulkContacts({ ...action, selection } as BulkContactBody);
    total.affected += result.affected;
    total.skipped += result.skipped;
  }
  return total;
}

/** A bulk action on the selection; afterwards the lists start again from the top. */
export function useBulkContacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: applyBulk, onSettled: () => refreshContactBook(queryClient) });
}
