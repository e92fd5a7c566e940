import type { QueryClient } from '@tanstack/react-query';
import type { Network } from '@switchboard/contract';
import { networkKeys } from './network-keys';

/** Puts a network (new or changed) into the list. */
export function storeNetwork(queryClient: QueryClient, network: Network) {
  queryClient.setQueryData<Network[]>(networkKeys.list(), (list) => {
    if (!list) return list;
    const index = list.findIndex((item) => item.id === network.id);
    if (index === -1) return [...list, network];
    return list.map((item, i) => (i === index ? network : item));
  });
}

/** Changes a network where it is cached (e.g. its counters), without asking the server. */
export function patchNetwork(queryClient: QueryClient, id: string, change: (network: Network) => Network) {
  queryClient.setQueryData<Network[]>(networkKeys.list(), (list) =>
    list?.map((item) => (item.id === id ? change(item) : item)),
  );
}

/** Forgets a deleted network and everything cached about it. */
export function forgetNetwork(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<Network[]>(networkKeys.list(), (list) => list?.filter((item) => item.id !== id));
  queryClient.removeQueries({ queryKey: networkKeys.logs(id) });
  queryClient.removeQueries({ queryKey: networkKeys.sandboxThreads(id) });
}
