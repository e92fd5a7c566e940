import type { NetworkKind } from '@switchboard/contract';
import { createAndroidAdapter, type AndroidAdapterDeps } from './android/android-adapter.js';
import type { ChannelAdapter, ChannelHost } from './channel.js';
import { createHttpAdapter } from './http/http-adapter.js';
import { createSandboxAdapter } from './sandbox/sandbox-adapter.js';
import { createSmppAdapter } from './smpp/smpp-adapter.js';

export interface ChannelRegistryOptions {
  sandboxDeliveryMs: number;
  /** PUBLIC_URL: where providers send their callbacks. */
  publicUrl: string;
  /** The Android channel's database and its phones' event streams. */
  android: AndroidAdapterDeps;
}

/** One adapter per network kind, sharing the pipeline's host. */
export function createChannelRegistry(host: ChannelHost, options: ChannelRegistryOptions) {
  const adapters: Record<NetworkKind, ChannelAdapter> = {
    sandbox: createSandboxAdapter(host, { deliveryMs: options.sandboxDeliveryMs }),
    android: createAndroidAdapter(options.android),
    smpp: createSmppAdapter(host),
    http: createHttpAdapter(host, { publicUrl: options.publicUrl }),
  };
  return {
    adapterFor: (kind: NetworkKind) => adapters[kind],
    async close() {
      await Promise.allSettled(Object.values(adapters).map((adapter) => adapter.close?.()));
    },
  };
}

export type ChannelRegistry = ReturnType<typeof createChannelRegistry>;
