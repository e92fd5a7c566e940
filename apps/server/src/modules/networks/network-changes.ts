import type { ClusterBus } from '../../cluster/cluster-bus.js';

export type NetworkChange = 'changed' | 'removed';
export type ChangeListener = (networkId: string, change: NetworkChange) => void;

/**
 * A network's change on every instance: this one forgets its runtime and tells its listeners (the
 * runner restarts or stops the channel, the default network is read again) at once, the others
 * through a cluster notice that does the same there. After a lost connection every runtime held
 * is treated as changed, since notices of the gap may be lost.
 */
export function createNetworkChanges(
  bus: ClusterBus,
  runtimes: { forget(id: string): void; ids(): string[] },
  listeners: Set<ChangeListener>,
) {
  function apply(id: string, change: NetworkChange) {
    runtimes.forget(id);
    for (const listener of listeners) listener(id, change);
  }
  bus.on('network.changed', ({ networkId, change }) => apply(networkId, change));
  bus.onResync(() => {
    for (const id of runtimes.ids()) apply(id, 'changed');
  });

  return (id: string, change: NetworkChange) => {
    apply(id, change);
    void bus.broadcast('network.changed', { networkId: id, change });
  };
}
