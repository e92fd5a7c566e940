import type { Translation } from '../../types';
import type { common as en } from '../en/common';

export const common: Translation<typeof en> = {
  appName: 'Switchboard',
  loading: 'Wird geladen…',
  close: 'Schließen',
  cancel: 'Abbrechen',
  /** The copy buttons (components/copy-action.tsx). */
  copy: { copy: 'Kopieren', copied: 'Kopiert', label: 'Kopieren: {{what}}' },
  save: 'Speichern',
  backHome: 'Zur Startseite',
  comingSoon:
    'Die Werkzeuge dieser Seite folgen in einer späteren Version. Navigation, Titel und Brotkrumen funktionieren bereits.',
  serverStatus: { checking: 'Server wird geprüft…', ok: 'Server bereit', unavailable: 'Server nicht erreichbar' },
  /** The SMS counter of the composer and the auto-reply preview (components/sms-counter.tsx). */
  sms: {
    characters: 'Zeichen: {{n}}',
    segments: 'SMS-Teile: {{n}}',
    left: 'Frei in diesem Teil: {{n}}',
    replace: 'Durch GSM-7-Entsprechungen ersetzen',
  },
};
