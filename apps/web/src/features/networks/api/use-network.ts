import { useQuery } from '@tanstack/react-query';
import { networksQuery } from '../../../lib/queries/use-networks';

/**
 * One network of the workspace, picked from the live list: the pages that show one also list
 * them all, so fetching it alone (GET /api/networks/:id) would only ask twice.
 */
export function useNetwork(id: string | null) {
  return useQuery({
    ...networksQuery,
    select: (networks) => (id ? networks.find((network) => network.id === id) : undefined),
  });
}
