import type { Translation } from '../../types';
import type { common as en } from '../en/common';

export const common: Translation<typeof en> = {
  appName: 'Switchboard',
  loading: 'Chargement…',
  close: 'Fermer',
  cancel: 'Annuler',
  /** The copy buttons (components/copy-action.tsx). */
  copy: { copy: 'Copier', copied: 'Copié', label: 'Copier : {{what}}' },
  save: 'Enregistrer',
  backHome: 'Retour à l’accueil',
  comingSoon:
    'Les outils de cette page arrivent dans une prochaine version. La navigation, le titre et le fil d’Ariane fonctionnent déjà.',
  serverStatus: { checking: 'Vérification du serveur…', ok: 'Serveur prêt', unavailable: 'Serveur indisponible' },
  /** The SMS counter of the composer and the auto-reply preview (components/sms-counter.tsx). */
  sms: {
    characters: 'Caractères : {{n}}',
    segments: 'Parties SMS : {{n}}',
    left: 'Restant dans cette partie : {{n}}',
    replace: 'Remplacer par des équivalents GSM-7',
  },
};
