import type { SecretBox } from '../../lib/secret-box.js';
import type { ChannelHost } from '../channel.js';
import type { AndroidRepository } from './android.repository.js';
import type { DeviceSeen } from './device-presence.js';
import type { DeviceStreams } from './device-streams.js';

/** What the Android channel's routes share. */
export interface AndroidContext {
  repo: AndroidRepository;
  streams: DeviceStreams;
  secretBox: SecretBox;
  /** Our external base URL; the phone posts its webhooks under it. */
  publicUrl: string;
  host: ChannelHost;
  deviceSeen: DeviceSeen;
  /** Tells the browsers the network changed (networks service). */
  announce(networkId: string): Promise<void>;
}
