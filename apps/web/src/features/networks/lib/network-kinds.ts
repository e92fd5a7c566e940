import type { NetworkKind, NetworkStatus } from '@switchboard/contract';
import { IconApi, IconBrandAndroid, IconFlask, IconServer2, type Icon } from '@tabler/icons-react';

/** Each kind's icon; the record's keys are also the order the wizard offers them in. */
export const KIND_ICONS: Record<NetworkKind, Icon> = {
  sandbox: IconFlask,
  android: IconBrandAndroid,
  smpp: IconServer2,
  http: IconApi,
};

export const KIND_COLORS: Record<NetworkKind, string> = {
  sandbox: 'violet',
  android: 'success',
  smpp: 'blue',
  http: 'cyan',
};

export const NETWORK_KIND_ORDER = Object.keys(KIND_ICONS) as NetworkKind[];

/** Kinds whose connection can fail before saving (a bind, credentials); the others always answer ok. */
export function hasConnectionTest(kind: NetworkKind): kind is 'smpp' | 'http' {
  return kind === 'smpp' || kind === 'http';
}

export type ShownStatus = NetworkStatus | 'disabled';

/** A disabled network shows as disabled, whatever its channel last reported. */
export function shownStatus(network: { status: NetworkStatus; enabled: boolean }): ShownStatus {
  return network.enabled ? network.status : 'disabled';
}

export const STATUS_COLORS: Record<ShownStatus, string> = {
  connected: 'success',
  disconnected: 'gray',
  error: 'danger',
  disabled: 'gray',
};
