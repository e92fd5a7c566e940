import type { Translation } from '../../types';
import type { errors as en } from '../en/errors';

export const errors: Translation<typeof en> = {
  VALIDATION_FAILED: 'Bitte prüfen Sie die markierten Felder.',
  MALFORMED_JSON: 'Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.',
  PAYLOAD_TOO_LARGE: 'Das sind mehr Daten, als der Server auf einmal annimmt.',
  UNSUPPORTED_MEDIA_TYPE: 'Der Server nimmt diese Art von Inhalt hier nicht an.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  FORBIDDEN: 'Ihre Rolle erlaubt diese Aktion nicht.',
  NOT_FOUND: 'Nicht gefunden. Es wurde möglicherweise entfernt.',
  METHOD_NOT_ALLOWED: 'Diese Aktion wird hier nicht unterstützt.',
  RATE_LIMITED: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  INVALID_CREDENTIALS: 'E-Mail oder Passwort ungültig',
  ACCOUNT_DISABLED: 'Dieses Konto ist gesperrt oder deaktiviert. Wenden Sie sich an den Admin Ihres Arbeitsbereichs.',
  EMAIL_IN_USE: 'Diese E-Mail-Adresse wird bereits verwendet.',
  INVALID_REFRESH_TOKEN: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  INVALID_RESET_TOKEN: 'Dieser Link ist ungültig, bereits benutzt oder abgelaufen. Fordern Sie einen neuen an.',
  WRONG_PASSWORD: 'Falsches Passwort.',
  LAST_ADMIN: 'Ein Arbeitsbereich braucht mindestens einen aktiven Admin.',
  INVALID_PHONE_NUMBER:
    'Das ist keine gültige Telefonnummer. Bitte im internationalen Format eingeben, z. B. +4915112345678.',
  NETWORK_DISABLED:
    'Dieses Netzwerk ist deaktiviert: Es sendet und empfängt keine Nachrichten. Bitte zuerst aktivieren.',
  INVALID_SIGNATURE: 'Die Signatur der Anfrage konnte nicht bestätigt werden, daher wurde sie abgelehnt.',
  CONTACT_OPTED_OUT:
    'Dieser Kontakt hat sich abgemeldet (STOP). Bis zur erneuten Anmeldung kann ihm nichts gesendet werden.',
  CONTACT_EXISTS: 'Ein Kontakt mit dieser Nummer existiert bereits.',
  CONTACT_HAS_HISTORY:
    'Dieser Kontakt hat Unterhaltungen oder eine Abmeldung und bleibt erhalten, damit sie nicht verloren gehen.',
  CONTACT_LIST_NAME_TAKEN: 'Eine andere Liste hat bereits diesen Namen.',
  IMPORT_FILE_INVALID:
    'Diese Datei kann nicht importiert werden. Prüfen Sie, ob sie eine CSV-Datei in UTF-8 mit Kopfzeile, einer Spalte für Telefonnummern und Zeilen ist, die nicht breiter als die Kopfzeile sind.',
  IMPORT_STATE_CONFLICT: 'Dieser Import wurde bereits gestartet oder ist beendet.',
  QUOTA_EXCEEDED:
    'Damit würde das monatliche SMS-Kontingent Ihres Tarifs überschritten, daher wurde nichts gesendet. Das Kontingent erneuert sich zu Beginn des nächsten Monats; ein größerer Tarif erlaubt mehr.',
  CAMPAIGN_STATE_CONFLICT:
    'Diese Kampagne wurde bereits gestartet oder beendet und kann so nicht mehr geändert werden.',
  CAMPAIGN_NOT_READY: 'Diese Kampagne kann noch nicht starten: Die Prüfung zeigt, was fehlt.',
  WRONG_NETWORK_KIND: 'Das ist für diese Art von Netzwerk nicht möglich.',
  API_KEY_INVALID: 'Dieser API-Schlüssel ist ungültig. Prüfen Sie, ob das ganze Geheimnis kopiert wurde.',
  API_KEY_REVOKED: 'Dieser API-Schlüssel wurde widerrufen und funktioniert nicht mehr. Legen Sie einen neuen an.',
  API_KEY_EXPIRED: 'Dieser API-Schlüssel ist abgelaufen. Legen Sie einen neuen an.',
  INSUFFICIENT_SCOPE: 'Dieser API-Schlüssel darf das nicht: Ihm fehlt die Berechtigung für diesen Aufruf.',
  IP_NOT_ALLOWED: 'Dieser API-Schlüssel wird von dieser IP-Adresse nicht angenommen.',
  IDEMPOTENCY_KEY_REUSED: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
  MESSAGE_NOT_CANCELLABLE:
    'Diese Nachricht hat die Warteschlange schon verlassen und kann nicht mehr abgebrochen werden.',
  NO_NETWORK: 'Es gibt kein aktiviertes Netzwerk zum Senden. Aktivieren oder fügen Sie zuerst eines hinzu.',
  WEBHOOK_URL_NOT_ALLOWED:
    'Diese Webhook-Adresse ist nicht erlaubt: Sie muss https verwenden und eine öffentliche Adresse erreichen.',
  SEND_AT_INVALID: 'Der geplante Zeitpunkt muss in der Zukunft und höchstens 30 Tage entfernt liegen.',
  PAYMENT_DECLINED: 'Die Zahlung wurde nicht angenommen.',
  BILLING_STATE_CONFLICT:
    'Das ist nicht mehr möglich: Bestellung oder Tarif haben sich geändert. Laden Sie die Seite neu.',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'Der Zahlungsdienst ist nicht erreichbar. Es wurde nichts belastet; bitte versuchen Sie es erneut.',
  PAYMENT_WEBHOOK_INVALID: 'Die Zahlungsbenachrichtigung konnte nicht geprüft werden.',
  USERNAME_TAKEN: 'Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.',
  TWO_FACTOR_INVALID: 'Der Code ist falsch oder wurde schon verwendet. Nehmen Sie den neuesten Code Ihrer App.',
  TWO_FACTOR_STATE_CONFLICT: 'Die Zwei-Faktor-Anmeldung wurde inzwischen geändert. Laden Sie die Seite neu.',
  INVITATION_INVALID:
    'Dieser Einladungslink ist ungültig, abgelaufen, widerrufen oder schon verwendet. Bitten Sie einen Admin um einen neuen.',
  INVALID_VERIFICATION_TOKEN:
    'Dieser Bestätigungslink ist ungültig, verwendet oder abgelaufen. Fordern Sie einen neuen an.',
  CONFIRMATION_MISMATCH: 'Der eingegebene Text stimmt nicht überein.',
  UNAVAILABLE: 'Der Server startet gerade (neu). Bitte versuchen Sie es gleich noch einmal.',
  INTERNAL: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  NETWORK: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung.',
  pages: {
    notFound: {
      title: 'Seite nicht gefunden',
      text: 'Wir konnten die gesuchte Seite nicht finden. Sie wurde vielleicht verschoben, oder die Adresse ist falsch geschrieben.',
    },
    serverError: {
      title: 'Etwas ist schiefgelaufen',
      text: 'Ein unerwarteter Fehler hat diese Seite gestoppt. Er wurde protokolliert; bitte versuchen Sie es gleich noch einmal.',
    },
    notAuthorized: {
      title: 'Keine Berechtigung',
      text: 'Ihre Rolle erlaubt das Öffnen dieser Seite nicht. Bitten Sie einen Admin Ihres Arbeitsbereichs um Zugriff.',
    },
    maintenance: {
      title: 'Wartungsarbeiten',
      text: 'Wir verbessern Switchboard und sind gleich wieder da. Vielen Dank für Ihre Geduld.',
    },
    backHome: 'Zurück zur Startseite',
  },
};
