import type { Translation } from '../../types';
import type { pages as en } from '../en/pages';

export const pages: Translation<typeof en> = {
  comingLater: {
    title: 'Disponible dans une prochaine version',
    text: 'Les outils de cette page arrivent avec une prochaine version de Switchboard. La navigation, le titre et le fil d’Ariane fonctionnent déjà.',
    backHome: 'Retour à l’accueil',
  },
  home: {
    hero: {
      eyebrow: 'SMS et messages vocaux en masse',
      title: 'Chaque message de vos clients, traité depuis une seule boîte de réception',
      text: 'Switchboard relie vos numéros, vos téléphones Android et vos fournisseurs SMS, répond seul aux mots-clés, envoie des campagnes à des milliers de contacts et offre à vos développeurs une API pour tout cela.',
      getStarted: 'Créer un compte gratuit',
      openControlPanel: 'Ouvrir le panneau de contrôle',
      openEmail: 'Ouvrir vos e-mails',
      seePlans: 'Voir les offres',
      points: {
        inbox: 'SMS et voix dans une seule boîte de réception',
        autoReply: 'Des réponses même la nuit',
        api: 'API développeur dans chaque offre',
      },
    },
    preview: {
      label: 'Un aperçu de la boîte de réception',
      inbox: 'Boîte de réception',
      today: 'Aujourd’hui',
      contactName: 'Maya Keller',
      question: 'Puis-je déplacer mon rendez-vous à vendredi ?',
      autoReplyName: 'Réponse automatique',
      answer: 'Merci ! Nous ouvrons à 9 h 00 et confirmerons votre nouvel horaire très vite.',
      optOut: 'Désinscrit : plus aucun message ne sera envoyé à ce contact.',
      delivered: 'Distribué',
      sent: 'Campagne envoyée à {{volume}} contacts',
    },
    features: {
      title: 'Tout ce dont une équipe de messagerie a besoin',
      subtitle: 'Du premier SMS à des milliers par jour : un seul endroit pour lire, répondre et automatiser.',
      smsInbox: {
        title: 'Boîte de réception SMS',
        text: 'Un fil par contact et par numéro, avec l’état de distribution en temps réel et des réponses en un clic.',
      },
      voiceInbox: {
        title: 'Boîte vocale',
        text: 'Les messages vocaux avec enregistrement et transcription, à côté des SMS du même appelant.',
      },
      autoReply: {
        title: 'Réponse automatique',
        text: 'Des règles par mot-clé, premier message ou horaires d’ouverture qui répondent aussitôt, avec protection contre les boucles.',
      },
      networks: {
        title: 'Réseaux et application Android',
        text: 'Connectez SMPP, des fournisseurs HTTP ou simplement un téléphone Android avec notre application passerelle.',
      },
      campaigns: {
        title: 'Campagnes en masse',
        text: 'Des SMS personnalisés à des milliers de contacts, tout de suite ou programmés, segments et quota comptés avant l’envoi.',
      },
      api: {
        title: 'API développeur',
        text: 'Envoyez et lisez des messages, gérez vos contacts et recevez des webhooks signés depuis votre propre code.',
      },
    },
    plans: {
      title: 'Une offre pour chaque volume',
      subtitle:
        'Toutes les offres incluent plusieurs numéros, l’accès au panneau de contrôle et une API pour les développeurs.',
      quota: 'Moins de {{volume}} SMS par mois',
      unlimitedQuota: 'SMS et numéros illimités',
      fullControlPanel: 'Accès complet au panneau de contrôle',
      whatsapp: 'API WhatsApp gratuite',
      setupFee: '{{amount}} de frais d’installation',
      multipleNumbers: 'Plusieurs numéros',
      controlPanel: 'Accès au panneau de contrôle',
      developerApi: 'API pour les développeurs',
      popular: 'Populaire',
      choose: 'Choisir',
    },
    more: {
      title: 'Découvrir Switchboard',
      pricing: 'Comparez les offres et les périodes de facturation.',
      contactUs: 'Parlez-nous de vos numéros, volumes et de l’installation.',
      aboutUs: 'Qui nous sommes et comment nous exploitons le service.',
      downloads: 'L’application passerelle Android et les outils pour développeurs.',
    },
  },
};
