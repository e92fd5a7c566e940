import type { NetworkKind } from '@switchboard/contract';
import { ChannelError, type ChannelAdapter, type ChannelHost } from './channel.js';
import { createSandboxAdapter } from './sandbox/sandbox-adapter.js';

export interface ChannelRegistryOptions {
  sandboxDeliveryMs: number;
}

/** One adapter per network kind, sharing the pipeline's host. */
export function createChannelRegistry(host: ChannelHost, options: ChannelRegistryOptions) {
  const adapters: Record<NetworkKind, ChannelAdapter> = {
    sandbox: createSandboxAdapter(host, { deliveryMs: options.sandboxDeliveryMs }),
    android: unavailable('android'),
    smpp: unavailable('smpp'),
    http: unavailable('http'),
  };
  return {
    adapterFor: (kind: NetworkKind) => adapters[kind],
    async close() {
      await Promise.allSettled(Object.values(adapters).map((adapter) => adapter.close?.()));
    },
  };
}

export type ChannelRegistry = ReturnType<typeof createChannelRegistry>;

// TEMPORARY while the adapters land in this change set.
function unavailable(kind: NetworkKind): ChannelAdapter {
  return {
    kind,
    send: async () => {
      throw new ChannelError(`${kind} is not available yet`, { transient: false });
    },
    testConnection: async () => ({ ok: false, error: `${kind} is not available yet` }),
  };
}
