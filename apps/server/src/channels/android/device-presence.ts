import { ANDROID_SILENCE_MS } from '../../modules/networks/network-view.js';
import type { ChannelHost } from '../channel.js';
import type { Pairing } from '../../modules/networks/android-pairings.js';

/**
 * Records a phone's sign of life (a call to the mobile API, a webhook). The first one after a
 * pause marks the network connected, and browsers hear about it: a phone silent for longer than
 * the silence window showed as disconnected without its stored status changing.
 */
export function createDevicePresence(host: ChannelHost, announce: (networkId: string) => Promise<void>) {
  return async function deviceSeen(network: Pairing['network']): Promise<void> {
    // setNetworkStatus stamps lastSeenAt and announces the change itself.
    if (network.status !== 'connected') return host.setNetworkStatus(network.id, 'connected');
    const silentMs = Date.now() - (network.lastSeenAt?.getTime() ?? 0);
    await host.touchNetwork(network.id);
    if (silentMs > ANDROID_SILENCE_MS) await announce(network.id);
  };
}

export type DeviceSeen = ReturnType<typeof createDevicePresence>;
