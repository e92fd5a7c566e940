import {
  TWILIO_API_BASE_URL,
  type CreateNetworkBody,
  type Network,
  type NetworkKind,
  type UpdateNetworkBody,
} from '@switchboard/contract';
import { httpSettingsOf, smppSettingsOf } from './settings-view';

/** A number field's value: Mantine's NumberInput gives '' while it is empty. */
type NumberValue = number | string;

export interface SmppFormSettings {
  host: string;
  port: NumberValue;
  systemId: string;
  password: string;
  systemType: string;
  sourceTon: NumberValue;
  sourceNpi: NumberValue;
  windowSize: NumberValue;
  longMessages: 'udh' | 'payload';
}

export interface HttpFormSettings {
  accountSid: string;
  authToken: string;
  apiBaseUrl: string;
}

/**
 * One form for every kind, in the wizard and on the settings page: the kind picks which settings
 * are sent (`smpp` or `http` as the body's `settings`). Secrets start empty on the settings page:
 * empty keeps the stored one.
 */
export interface NetworkFormValues {
  name: string;
  address: string;
  throughput: NumberValue;
  smpp: SmppFormSettings;
  http: HttpFormSettings;
}

const DEFAULT_THROUGHPUT: Record<NetworkKind, number> = { sandbox: 10, android: 1, smpp: 10, http: 1 };

export function emptyFormValues(kind: NetworkKind): NetworkFormValues {
  return {
    name: '',
    address: '',
    throughput: DEFAULT_THROUGHPUT[kind],
    smpp: {
      host: '',
      port: 2775,
      systemId: '',
      password: '',
      systemType: '',
      sourceTon: 1,
      sourceNpi: 1,
      windowSize: 10,
      longMessages: 'udh',
    },
    http: { accountSid: '', authToken: '', apiBaseUrl: TWILIO_API_BASE_URL },
  };
}

/** '' (an empty number field) is missing, so validation asks for it; anything else as typed. */
function numberOrMissing(value: NumberValue): number | undefined {
  if (value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

function smppBodySettings(settings: SmppFormSettings) {
  return {
    ...settings,
    port: numberOrMissing(settings.port),
    sourceTon: numberOrMissing(settings.sourceTon),
    sourceNpi: numberOrMissing(settings.sourceNpi),
    windowSize: numberOrMissing(settings.windowSize),
  };
}

/** The create (and test-connection) body for a kind; validation checks it before it is sent. */
export function createBody(kind: NetworkKind, values: NetworkFormValues): CreateNetworkBody {
  const common = { name: values.name, address: values.address, throughput: numberOrMissing(values.throughput) };
  switch (kind) {
    case 'sandbox':
    case 'android':
      return { kind, name: values.name };
    case 'smpp':
      return { kind, ...common, settings: smppBodySettings(values.smpp) } as CreateNetworkBody;
    case 'http':
      return { kind, ...common, settings: values.http } as CreateNetworkBody;
  }
}

/** The settings page's form, from a saved network (secrets empty: they stay as stored). */
export function formValuesOf(network: Network): NetworkFormValues {
  const values = emptyFormValues(network.kind);
  const smpp = smppSettingsOf(network);
  const http = httpSettingsOf(network);
  return {
    name: network.name,
    address: network.address,
    throughput: network.throughput,
    smpp: smpp ? { ...values.smpp, ...smpp, password: '' } : values.smpp,
    http: http ? { accountSid: http.accountSid, apiBaseUrl: http.apiBaseUrl, authToken: '' } : values.http,
  };
}

/** Only what changed (PATCH): an empty secret is left out, so the stored one is kept. */
export function updateBody(network: Network, values: NetworkFormValues): UpdateNetworkBody {
  const initial = formValuesOf(network);
  const body: Record<string, unknown> = {};
  if (values.name !== initial.name) body.name = values.name;
  if (values.address !== initial.address) body.address = values.address;
  if (values.throughput !== initial.throughput) body.throughput = numberOrMissing(values.throughput);
  const settingsChange = (current: object, before: object, secret: string) => {
    const change: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(current)) {
      if (key === secret ? value !== '' : value !== before[key as keyof typeof before]) change[key] = value;
    }
    return change;
  };
  const settings =
    network.kind === 'smpp'
      ? settingsChange(smppBodySettings(values.smpp), smppBodySettings(initial.smpp), 'password')
      : network.kind === 'http'
        ? settingsChange(values.http, initial.http, 'authToken')
        : {};
  if (Object.keys(settings).length > 0) body.settings = settings;
  return body as UpdateNetworkBody;
}

/** A body path (`settings.host`) as the form's field (`smpp.host`). */
export function formField(kind: NetworkKind, path: string): string {
  return path.startsWith('settings.') && (kind === 'smpp' || kind === 'http')
    ? `${kind}.${path.slice('settings.'.length)}`
    : path;
}
