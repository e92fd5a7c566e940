import type { Translation } from '../../types';
import type { downloads as en } from '../en/downloads';

export const downloads: Translation<typeof en> = {
  app: {
    eyebrow: 'Android-Gateway-App',
    title: 'SMSGate: SMS Gateway for Android',
    text: 'Eine kostenlose Open-Source-App von capcom6, die ein Android-Telefon zum SMS-Gateway macht. Switchboard spricht ihr Protokoll für private Server: Ein gekoppeltes Telefon sendet Ihre Nachrichten über seine eigene SIM-Karte und meldet Zustellstatus und Antworten an Ihren Posteingang zurück.',
    download: 'Von GitHub herunterladen',
    docs: 'Dokumentation der App',
    newTab: '(öffnet in einem neuen Tab)',
    factsLabel: 'Über die App',
    facts: {
      version: 'Erprobt mit',
      versionValue: 'Version {{version}} (Juli 2026), der Stand, dem die Mobil-API von Switchboard folgt',
      android: 'Voraussetzung',
      androidValue: 'Android 5.0 oder neuer, mit einer SIM-Karte, die SMS senden kann',
      license: 'Lizenz',
      licenseValue: 'Open Source (Apache 2.0)',
      where: 'Bezugsquelle',
      whereValue: 'Die APK-Datei jeder Version auf der GitHub-Release-Seite des Projekts',
    },
  },
  setup: {
    title: 'Ein Telefon mit diesem Server verbinden',
    subtitle: 'Modus „privater Server“: Das Telefon spricht mit diesem Switchboard und mit niemandem sonst.',
    install: {
      title: 'App installieren',
      text: 'Laden Sie auf dem Telefon die neueste APK von der Release-Seite herunter und öffnen Sie sie. Android fragt einmal, ob Apps aus dieser Quelle installiert werden dürfen.',
    },
    network: {
      title: 'Das Telefon als Netzwerk anlegen',
      text: 'Öffnen Sie in Switchboard Netzwerke → Neues Netzwerk hinzufügen → Android-Telefon und speichern Sie. Sie erhalten einen privaten Token für dieses Telefon, einmalig angezeigt, als Text und als QR-Code zum Scannen mit dem Telefon.',
      action: 'Android-Netzwerk hinzufügen',
    },
    settings: {
      title: 'Diesen Server in der App eintragen',
      text: 'Öffnen Sie in der App Settings → Cloud server. Tragen Sie diese API-URL unter „API URL“ und den Token aus Schritt 2 unter „Private Token“ ein.',
      url: 'API-URL dieses Servers',
    },
    online: {
      title: 'Online gehen',
      text: 'Schalten Sie auf dem Home-Bildschirm der App „Cloud server“ ein. Das Telefon registriert sich, und das Netzwerk erscheint in Switchboard als „Verbunden“.',
    },
  },
  https: {
    title: 'Warum die App https braucht',
    text: 'Die Release-Version der App verbindet sich nur über https, mit einem Server, dessen Zertifikat Android vertraut: eines einer öffentlichen Zertifizierungsstelle oder Ihrer eigenen, die auf dem Telefon installiert ist. Unverschlüsseltes http lehnt sie zu jeder Adresse ab außer 127.0.0.1, dem Telefon selbst.',
    testing:
      'Für Tests im lokalen Netz veröffentlicht das Projekt zusätzlich eine „insecure“-Version, die http erlaubt. Verwenden Sie sie nie auf einem Telefon mit echtem Verkehr.',
    insecureTitle: 'Dieser Server wird über http erreicht',
    insecureText:
      'Die Release-Version der App wird {{url}} ablehnen. Geben Sie Switchboard eine https://-Adresse (zum Beispiel hinter einem Reverse Proxy mit Zertifikat), bevor Sie ein Telefon über das Netz koppeln.',
    secure: 'Dieser Server wird über https erreicht: Die Release-Version der App kann sich mit ihm verbinden.',
  },
  client: {
    title: 'Client-Bibliothek der Entwickler-API',
    text: 'Switchboard spricht auch die Drittanbieter-API von SMSGate, daher funktioniert der offizielle JavaScript-Client damit: Nur die Basis-URL ändert sich.',
    install: 'Installieren',
    example: 'Eine Nachricht senden',
    baseUrl: 'Basis-URL der Drittanbieter-API',
    credentials:
      'login und password sind die SMSGate-kompatiblen Zugangsdaten eines API-Schlüssels (Entwickler-API); httpClient ist ein kleiner Adapter über fetch oder axios, wie ihn die README des Pakets zeigt.',
    npm: 'Das Paket auf npm',
  },
};
