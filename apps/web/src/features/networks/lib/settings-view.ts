import type {
  AndroidSettingsViewSchema,
  HttpSettingsViewSchema,
  Network,
  SandboxSettingsViewSchema,
  SmppSettingsViewSchema,
} from '@switchboard/contract';
import type { z } from 'zod';

export type SmppSettingsView = z.infer<typeof SmppSettingsViewSchema>;
export type HttpSettingsView = z.infer<typeof HttpSettingsViewSchema>;
export type AndroidSettingsView = z.infer<typeof AndroidSettingsViewSchema>;
export type SandboxSettingsView = z.infer<typeof SandboxSettingsViewSchema>;

// The API sends the settings of the network's kind (NetworkSchema's union): the kind tells which.
export const smppSettingsOf = (network: Network) =>
  network.kind === 'smpp' ? (network.settings as SmppSettingsView) : null;
export const httpSettingsOf = (network: Network) =>
  network.kind === 'http' ? (network.settings as HttpSettingsView) : null;
export const androidSettingsOf = (network: Network) =>
  network.kind === 'android' ? (network.settings as AndroidSettingsView) : null;
export const sandboxSettingsOf = (network: Network) =>
  network.kind === 'sandbox' ? (network.settings as SandboxSettingsView) : null;
