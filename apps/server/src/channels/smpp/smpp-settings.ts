import { SmppSettingsSchema, type SmppSettings } from '@switchboard/contract';
import { ChannelError, type NetworkRuntime } from '../channel.js';

/** The network's SMPP settings with their defaults; a permanent ChannelError when they are unusable. */
export function readSmppSettings(network: Pick<NetworkRuntime, 'settings'>): SmppSettings {
  const parsed = SmppSettingsSchema.safeParse(network.settings);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
  throw new ChannelError(`Invalid SMPP settings (${problems.join('; ')})`, {
    transient: false,
    code: 'SMPP_INVALID_SETTINGS',
  });
}

/** Whether two settings need a new bind (anything that goes into connect or bind differs). */
export function sameSmppSettings(a: SmppSettings, b: SmppSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
