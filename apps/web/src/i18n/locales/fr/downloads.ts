import type { Translation } from '../../types';
import type { downloads as en } from '../en/downloads';

export const downloads: Translation<typeof en> = {
  app: {
    eyebrow: 'Application passerelle Android',
    title: 'SMSGate : SMS Gateway for Android',
    text: 'Une application libre et gratuite de capcom6 qui transforme un téléphone Android en passerelle SMS. Switchboard parle son protocole de serveur privé : un téléphone associé envoie vos messages par sa propre carte SIM et renvoie les états de remise et les réponses vers votre boîte de réception.',
    download: 'Télécharger sur GitHub',
    docs: 'Documentation de l’application',
    newTab: '(s’ouvre dans un nouvel onglet)',
    factsLabel: 'À propos de l’application',
    facts: {
      version: 'Version vérifiée',
      versionValue: 'Version {{version}} (juillet 2026), celle que suit l’API mobile de Switchboard',
      android: 'Prérequis',
      androidValue: 'Android 5.0 ou plus récent, avec une carte SIM capable d’envoyer des SMS',
      license: 'Licence',
      licenseValue: 'Open source (Apache 2.0)',
      where: 'Où l’obtenir',
      whereValue: 'Le fichier APK de chaque version, sur la page des versions GitHub du projet',
    },
  },
  setup: {
    title: 'Associer un téléphone à ce serveur',
    subtitle: 'Mode serveur privé : le téléphone ne parle qu’à ce Switchboard.',
    install: {
      title: 'Installer l’application',
      text: 'Sur le téléphone, téléchargez le dernier APK depuis la page des versions et ouvrez-le. Android vous demande une fois d’autoriser l’installation depuis cette source.',
    },
    network: {
      title: 'Ajouter le téléphone comme réseau',
      text: 'Dans Switchboard, ouvrez Réseaux → Ajouter un réseau → Téléphone Android et enregistrez. Vous obtenez un jeton privé pour ce téléphone, affiché une seule fois, en texte et en QR code à scanner depuis le téléphone.',
      action: 'Ajouter un réseau Android',
    },
    settings: {
      title: 'Saisir ce serveur dans l’application',
      text: 'Dans l’application, ouvrez Settings → Cloud server. Saisissez cette URL d’API dans « API URL » et le jeton de l’étape 2 dans « Private Token ».',
      url: 'URL d’API de ce serveur',
    },
    online: {
      title: 'Passer en ligne',
      text: 'De retour sur l’écran Home de l’application, activez « Cloud server ». Le téléphone s’enregistre et le réseau apparaît « Connecté » dans Switchboard.',
    },
  },
  https: {
    title: 'Pourquoi l’application exige https',
    text: 'La version de production de l’application ne se connecte qu’en https, à un serveur dont Android reconnaît le certificat : celui d’une autorité publique, ou de votre propre autorité installée sur le téléphone. Elle refuse le http non chiffré vers toute adresse sauf 127.0.0.1, le téléphone lui-même.',
    testing:
      'Pour les essais sur un réseau local, le projet publie aussi une version « insecure » qui autorise le http. Ne l’utilisez jamais sur un téléphone qui traite un trafic réel.',
    insecureTitle: 'Ce serveur est joint en http',
    insecureText:
      'La version de production de l’application refusera {{url}}. Donnez à Switchboard une adresse https:// (par exemple derrière un proxy inverse avec certificat) avant d’associer un téléphone par le réseau.',
    secure: 'Ce serveur est joint en https : la version de production de l’application peut s’y connecter.',
  },
  client: {
    title: 'Bibliothèque cliente de l’API développeurs',
    text: 'Switchboard parle aussi l’API tierce de SMSGate : le client JavaScript officiel fonctionne donc avec lui, seule l’URL de base change.',
    install: 'L’installer',
    example: 'Envoyer un message',
    baseUrl: 'URL de base de l’API tierce',
    credentials:
      'login et password sont les identifiants compatibles SMSGate d’une clé d’API (API développeurs) ; httpClient est un petit adaptateur sur fetch ou axios, comme le montre le README du paquet.',
    npm: 'Le paquet sur npm',
  },
};
