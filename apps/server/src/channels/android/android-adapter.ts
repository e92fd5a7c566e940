import type { AndroidPairings } from '../../modules/networks/android-pairings.js';
import { ANDROID_SILENCE_MS } from '../../modules/networks/network-view.js';
import { ChannelError, type ChannelAdapter } from '../channel.js';
import type { DeviceStreams } from './device-streams.js';

export interface AndroidAdapterDeps {
  /** Phone pairings (the networks module's), for the connection test. */
  pairings: Pick<AndroidPairings, 'byNetwork'>;
  streams: DeviceStreams;
}

/**
 * The Android channel (SMSGate app in private-server mode). The phone pulls its messages through
 * the mobile API (mobile-messages.routes.ts), so the dispatcher never sends through this adapter.
 */
export function createAndroidAdapter(deps: AndroidAdapterDeps): ChannelAdapter {
  return {
    kind: 'android',
    pulledByDevice: true,

    async send() {
      throw new ChannelError('The Android phone pulls its messages itself; nothing is sent through the adapter.', {
        transient: false,
        code: 'PULLED_BY_DEVICE',
      });
    },

    async testConnection(network) {
      const pairing = await deps.pairings.byNetwork(network.id);
      if (!pairing?.device.deviceId) {
        return {
          ok: false,
          error:
            'Waiting for the phone to register: in SMSGate, enter the server URL and registration token (Settings → Cloud Server), then go online.',
        };
      }
      const silentMs = Date.now() - (pairing.network.lastSeenAt?.getTime() ?? 0);
      if (silentMs > ANDROID_SILENCE_MS && !deps.streams.isStreamingAnywhere(network.id)) {
        return {
          ok: false,
          error:
            'The phone has not been in touch for over 15 minutes. Open SMSGate on the phone and check that it is online.',
        };
      }
      return { ok: true };
    },

    close: () => deps.streams.close(),
  };
}
