import type { SecretBox } from '../../lib/secret-box.js';
import type { ChannelHost } from '../channel.js';
import type { OutboundQueue } from '../../modules/messaging/outbound-queue.js';
import type { AndroidPairings } from '../../modules/networks/android-pairings.js';
import type { DeviceSeen } from './device-presence.js';
import type { DeviceStreams } from './device-streams.js';

/** What the Android channel's routes share. */
export interface AndroidContext {
  /** Phone pairings (the networks module's). */
  pairings: AndroidPairings;
  /** What a phone's poll takes from the outbound queue (messaging's). */
  outboundQueue: Pick<OutboundQueue, 'pendingForPhone'>;
  streams: DeviceStreams;
  secretBox: SecretBox;
  /** Our external base URL; the phone posts its webhooks under it. */
  publicUrl: string;
  host: ChannelHost;
  deviceSeen: DeviceSeen;
  /** Tells the browsers the network changed (networks service). */
  announce(networkId: string): Promise<void>;
  /** The workspace's SMSGate device settings for its phones (the SMSGate API's `/settings`). */
  workspaceSettings(workspaceId: string): Promise<Record<string, Record<string, unknown>>>;
}
