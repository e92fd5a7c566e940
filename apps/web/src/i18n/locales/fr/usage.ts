import type { Translation } from '../../types';
import type { usage as en } from '../en/usage';

export const usage: Translation<typeof en> = {
  plans: { starter: 'Starter', business: 'Business', pro: 'Professionnel', unlimited: 'Illimité' },
  currentPlan: 'Forfait actuel',
  planName: 'Forfait {{plan}}',
  title: 'SMS ce mois-ci',
  used: '{{used}} segments SMS utilisés sur {{quota}}',
  usedUnlimited: '{{used}} segments SMS envoyés, sans limite mensuelle',
  remaining: 'encore {{remaining}}',
  renews: 'Renouvelé le {{date}}',
  warning: 'Plus de 80 % du quota SMS de ce mois est utilisé.',
  danger:
    'Le quota SMS de ce mois est épuisé : les messages sont refusés jusqu’à son renouvellement ou un forfait supérieur.',
  badge: 'Quota SMS : {{percent}} utilisé',
  badgeText: 'SMS {{percent}}',
  timeZone: {
    label: 'Fuseau horaire de l’espace de travail',
    help: 'Les mois du quota de SMS commencent à minuit dans ce fuseau ; les heures calmes l’utilisent pour les contacts dont le fuseau est inconnu.',
    search: 'Rechercher un fuseau horaire',
    value: 'Fuseau horaire : {{zone}}',
    change: 'Modifier',
    changeLabel: 'Modifier le fuseau horaire de l’espace de travail ({{zone}})',
    saved: 'Le fuseau horaire de l’espace de travail est maintenant {{zone}}.',
    failed: 'Le fuseau horaire n’a pas pu être modifié',
  },
  loadFailed: 'L’utilisation des SMS n’a pas pu être chargée.',
};
