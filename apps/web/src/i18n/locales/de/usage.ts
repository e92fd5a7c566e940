import type { Translation } from '../../types';
import type { usage as en } from '../en/usage';

export const usage: Translation<typeof en> = {
  plans: { starter: 'Starter', business: 'Business', pro: 'Professional', unlimited: 'Unbegrenzt' },
  currentPlan: 'Aktueller Tarif',
  planName: 'Tarif {{plan}}',
  title: 'SMS in diesem Monat',
  used: '{{used}} von {{quota}} SMS-Segmenten verbraucht',
  usedUnlimited: '{{used}} SMS-Segmente gesendet, kein Monatslimit',
  remaining: 'noch {{remaining}}',
  renews: 'Erneuert sich am {{date}}',
  warning: 'Über 80 % des SMS-Kontingents dieses Monats sind verbraucht.',
  danger:
    'Das SMS-Kontingent dieses Monats ist aufgebraucht: Nachrichten werden abgelehnt, bis es sich erneuert oder der Tarif wächst.',
  badge: 'SMS-Kontingent: {{percent}} verbraucht',
  badgeText: 'SMS {{percent}}',
  timeZone: {
    label: 'Zeitzone des Arbeitsbereichs',
    help: 'Die Monate des SMS-Kontingents beginnen um Mitternacht in dieser Zone; Ruhezeiten nutzen sie für Kontakte ohne bekannte Zone.',
    search: 'Zeitzone suchen',
    value: 'Zeitzone: {{zone}}',
    change: 'Ändern',
    changeLabel: 'Zeitzone des Arbeitsbereichs ändern ({{zone}})',
    saved: 'Die Zeitzone des Arbeitsbereichs ist jetzt {{zone}}.',
    failed: 'Die Zeitzone konnte nicht geändert werden',
  },
  loadFailed: 'Der SMS-Verbrauch konnte nicht geladen werden.',
};
