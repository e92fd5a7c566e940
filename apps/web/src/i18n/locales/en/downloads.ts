/**
 * The downloads page (/downloads): the SMSGate Android app, pairing a phone with this server, and
 * the developer API's client library. Not in index.ts: the page's chunk registers it
 * (features/downloads/downloads-text.ts).
 */
export const downloads = {
  app: {
    eyebrow: 'Android gateway app',
    title: 'SMSGate: SMS Gateway for Android',
    text: 'A free, open-source app by capcom6 that turns an Android phone into an SMS gateway. Switchboard speaks its private-server protocol: a paired phone sends your messages through its own SIM card and reports delivery states and replies back to your inbox.',
    download: 'Download from GitHub',
    docs: 'App documentation',
    newTab: '(opens in a new tab)',
    factsLabel: 'About the app',
    facts: {
      version: 'Known to work',
      versionValue: 'Release {{version}} (July 2026), the version Switchboard’s mobile API follows',
      android: 'Requires',
      androidValue: 'Android 5.0 or newer, with a SIM card that can send SMS',
      license: 'License',
      licenseValue: 'Open source (Apache 2.0)',
      where: 'Where to get it',
      whereValue: 'The APK file of each release on the project’s GitHub releases page',
    },
  },
  setup: {
    title: 'Connect a phone to this server',
    subtitle: 'Private-server mode: the phone talks to this Switchboard, and to nobody else.',
    install: {
      title: 'Install the app',
      text: 'Download the newest APK from the releases page on the phone and open it. Android asks you to allow installing apps from this source once.',
    },
    network: {
      title: 'Add the phone as a network',
      text: 'In Switchboard, open Networks → Add New Network → Android phone and save it. You get a private token for this phone, shown once, as text and as a QR code you can scan from the phone.',
      action: 'Add an Android network',
    },
    settings: {
      title: 'Enter this server in the app',
      text: 'In the app, open Settings → Cloud server. Enter this API URL into “API URL” and the token from step 2 into “Private Token”.',
      url: 'API URL of this server',
    },
    online: {
      title: 'Go online',
      text: 'Back on the app’s Home screen, switch on “Cloud server”. The phone registers, and the network shows “Connected” in Switchboard.',
    },
  },
  https: {
    title: 'Why the app needs https',
    text: 'The app’s release build only connects over https, to a server whose certificate Android trusts: one from a public authority, or from your own authority installed on the phone. It refuses plain http to any address except 127.0.0.1, the phone itself.',
    testing:
      'For testing on a local network, the project also publishes an “insecure” build that allows http. Never use it on a phone that handles real traffic.',
    insecureTitle: 'This server is reached over http',
    insecureText:
      'The release build of the app will refuse {{url}}. Give Switchboard an https:// address (for example behind a reverse proxy with a certificate) before you pair a phone over the network.',
    secure: 'This server is reached over https: the release build of the app can connect to it.',
  },
  client: {
    title: 'Developer API client library',
    text: 'Switchboard also speaks SMSGate’s third-party API, so the official JavaScript client works against it: only the base URL changes.',
    install: 'Install it',
    example: 'Send a message',
    baseUrl: 'Base URL of the third-party API',
    credentials:
      'login and password are the SMSGate-compatible credentials of an API key (Developer API); httpClient is a small adapter over fetch or axios, as shown in the package’s README.',
    npm: 'The package on npm',
  },
};
