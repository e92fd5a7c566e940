import type { ClusterBus } from '../../cluster/cluster-bus.js';
import type { SmsgateSigningKeys } from './smsgate-signing-key.js';

/**
 * What a workspace's webhook settings change means for every instance's caches: the fan-out's
 * endpoints (webhook-outbox.ts) and the SMSGate signing key. Forgotten here at once, on the
 * others through a 'webhooks.changed' notice; after a lost connection every signing key goes
 * (the endpoints' few seconds of cache need no help).
 */
export function createWebhookNotices(
  bus: ClusterBus,
  outbox: { forget(workspaceId: string): unknown },
  signingKeys: SmsgateSigningKeys,
) {
  bus.on('webhooks.changed', ({ workspaceId }) => {
    outbox.forget(workspaceId);
    signingKeys.forget(workspaceId);
  });
  bus.onResync(signingKeys.forgetAll);

  return {
    /** After an endpoint was added, edited, removed or disabled. */
    endpointsChanged(workspaceId: string): void {
      outbox.forget(workspaceId);
      void bus.broadcast('webhooks.changed', { workspaceId });
    },
    /** A new signing key, from now on on every instance. */
    async setSigningKey(workspaceId: string, key?: string): Promise<string> {
      const set = await signingKeys.set(workspaceId, key);
      void bus.broadcast('webhooks.changed', { workspaceId });
      return set;
    },
  };
}
