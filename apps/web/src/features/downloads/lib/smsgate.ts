/** The SMSGate Android app (capcom6/android-sms-gateway) and where to get it. */
export const SMSGATE_APP = {
  /** Each release's APK; the app's README installs from here (no store listing is named there). */
  releasesUrl: 'https://github.com/capcom6/android-sms-gateway/releases',
  docsUrl: 'https://docs.sms-gate.app',
  /**
   * The release Switchboard's mobile API was written against: shared/protocols/smsgate.md reads
   * the app at commit 0cdc5d8 (14 July 2026), which is tag v1.68.0.
   */
  knownVersion: 'v1.68.0',
} as const;

/** The official JavaScript client of SMSGate's third-party API (smsgate.md §4). */
export const CLIENT_PACKAGE = {
  name: 'android-sms-gateway',
  npmUrl: 'https://www.npmjs.com/package/android-sms-gateway',
} as const;

/** The client's first call against this server: the import, the client, one message. */
export function clientExample(baseUrl: string): string {
  return [
    `import Client from '${CLIENT_PACKAGE.name}';`,
    '',
    `const api = new Client(login, password, httpClient, '${baseUrl}');`,
    `await api.send({ phoneNumbers: ['+12025550142'], message: 'Hello from Switchboard' });`,
  ].join('\n');
}
