/** Where the SMSGate app's private-server ("mobile") API lives on this server (smsgate.md §1). */
export const MOBILE_API_PATH = '/api/mobile/v1';
/** The SMSGate-compatible third-party API, what the `android-sms-gateway` client calls. */
export const THIRD_PARTY_API_PATH = '/api/3rdparty/v1';

export interface ServerUrls {
  /** What to type into the app's Settings → Cloud server → "API URL". */
  mobile: string;
  /** The base URL to give the `android-sms-gateway` client. */
  thirdParty: string;
  /** False for http: the app's release build refuses cleartext to anything but 127.0.0.1. */
  https: boolean;
}

/**
 * This server's API URLs. The server names its public address (PUBLIC_URL) in every Android
 * network's API URL, which is the one to trust behind a proxy; without one (a visitor, no
 * Android network yet) the page's own origin is the server's, since the server serves the app.
 */
export function serverUrls(pageOrigin: string, androidServerUrl?: string | null): ServerUrls {
  const fromNetwork = androidServerUrl?.endsWith(MOBILE_API_PATH)
    ? androidServerUrl.slice(0, -MOBILE_API_PATH.length)
    : null;
  const base = (fromNetwork ?? pageOrigin).replace(/\/+$/, '');
  return {
    mobile: `${base}${MOBILE_API_PATH}`,
    thirdParty: `${base}${THIRD_PARTY_API_PATH}`,
    https: base.startsWith('https:'),
  };
}
