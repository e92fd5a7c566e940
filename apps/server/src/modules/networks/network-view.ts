import type { Network, NetworkKind, NetworkStatus } from '@switchboard/contract';
import { maskSecret } from '../../lib/secret-box.js';
import type { AndroidDeviceRow } from './android-pairings.repository.js';
import type { NetworkRow } from './networks.repository.js';

/** Messages in and out today (from messaging's history). */
export interface NetworkCounts {
  inToday: number;
  outToday: number;
}

/** Settings fields that are secrets, per kind: sealed at rest, masked in answers. */
export const SECRET_FIELDS: Record<NetworkKind, readonly string[]> = {
  sandbox: [],
  android: [],
  smpp: ['password'],
  http: ['authToken'],
};

/** A phone that has not polled or posted for this long shows as disconnected. */
export const ANDROID_SILENCE_MS = 15 * 60_000;

export interface NetworkViewContext {
  publicUrl: string;
  sandboxDeliveryMs: number;
  /** Whether the network's phone holds the server-sent events stream open on this instance. */
  deviceStreaming(networkId: string): boolean;
}

export const androidServerUrl = (publicUrl: string) => `${publicUrl}/api/mobile/v1`;
export const twilioHookUrl = (publicUrl: string, networkId: string, hook: 'sms' | 'status' | 'voice') =>
  `${publicUrl}/hooks/twilio/${networkId}/${hook}`;

function effectiveStatus(row: NetworkRow, now: number): NetworkStatus {
  if (!row.enabled) return 'disconnected';
  if (row.kind === 'android' && row.status === 'connected') {
    const seen = row.lastSeenAt?.getTime() ?? 0;
    if (now - seen > ANDROID_SILENCE_MS) return 'disconnected';
  }
  return row.status;
}

function settingsView(
  row: NetworkRow,
  secrets: Record<string, string>,
  device: AndroidDeviceRow | undefined,
  ctx: NetworkViewContext,
): Network['settings'] {
  switch (row.kind) {
    case 'sandbox':
      return { deliveryDelayMs: ctx.sandboxDeliveryMs };
    case 'smpp':
      return { ...(row.settings as object), password: maskSecret(secrets.password) } as Network['settings'];
    case 'http':
      return {
        // Networks saved before voice messages existed have no greeting: the default applies.
        voiceGreeting: '',
        ...(row.settings as object),
        authToken: maskSecret(secrets.authToken),
        smsWebhookUrl: twilioHookUrl(ctx.publicUrl, row.id, 'sms'),
        statusCallbackUrl: twilioHookUrl(ctx.publicUrl, row.id, 'status'),
        voiceWebhookUrl: twilioHookUrl(ctx.publicUrl, row.id, 'voice'),
      } as Network['settings'];
    case 'android':
      return {
        serverUrl: androidServerUrl(ctx.publicUrl),
        registrationToken: device?.registrationTokenHint ? `••••••••${device.registrationTokenHint}` : null,
        httpsWarning: !ctx.publicUrl.startsWith('https:'),
        device:
          device?.registeredAt && device.name !== null
            ? {
                name: device.name,
                registeredAt: device.registeredAt.toISOString(),
                simCards: (device.simCards ?? []).map((sim) => ({
                  simNumber: Number(sim.simNumber ?? 0),
                  phoneNumber: typeof sim.phoneNumber === 'string' ? sim.phoneNumber : null,
                  carrierName: typeof sim.carrierName === 'string' ? sim.carrierName : null,
                })),
                streaming: ctx.deviceStreaming(row.id),
              }
            : null,
      };
  }
}

/** What the control panel shows of a network: no settings, no secrets, no counts to read. */
export type NetworkState = Pick<Network, 'id' | 'kind' | 'name' | 'enabled' | 'status' | 'lastSeenAt'>;

export function toNetworkState(row: NetworkRow): NetworkState {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    status: effectiveStatus(row, Date.now()),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

/** The API's view of a network: secrets masked, status as a person should read it. */
export function toNetwork(
  row: NetworkRow,
  secrets: Record<string, string>,
  counts: NetworkCounts | undefined,
  device: AndroidDeviceRow | undefined,
  ctx: NetworkViewContext,
): Network {
  return {
    ...toNetworkState(row),
    address: row.address,
    lastError: row.status === 'error' ? row.lastError : null,
    throughput: row.throughput,
    settings: settingsView(row, secrets, device, ctx),
    stats: counts ?? { inToday: 0, outToday: 0 },
    createdAt: row.createdAt.toISOString(),
  };
}
