import type { Translation } from '../../types';
import type { errors as en } from '../en/errors';

export const errors: Translation<typeof en> = {
  VALIDATION_FAILED: 'Veuillez vérifier les champs signalés.',
  MALFORMED_JSON: 'La requête n’a pas pu être lue. Veuillez réessayer.',
  PAYLOAD_TOO_LARGE: 'C’est plus de données que le serveur n’en accepte en une fois.',
  UNSUPPORTED_MEDIA_TYPE: 'Le serveur n’accepte pas ce type de contenu ici.',
  UNAUTHENTICATED: 'Veuillez vous connecter.',
  FORBIDDEN: 'Votre rôle ne permet pas cette action.',
  NOT_FOUND: 'Introuvable. Il a peut-être été supprimé.',
  METHOD_NOT_ALLOWED: 'Cette action n’est pas prise en charge ici.',
  RATE_LIMITED: 'Trop de tentatives. Veuillez patienter quelques minutes puis réessayer.',
  INVALID_CREDENTIALS: 'E-mail ou mot de passe invalide',
  ACCOUNT_DISABLED: 'Ce compte est bloqué ou désactivé. Contactez l’admin de votre espace de travail.',
  EMAIL_IN_USE: 'Cette adresse e-mail est déjà utilisée.',
  INVALID_REFRESH_TOKEN: 'Votre session a expiré. Veuillez vous reconnecter.',
  INVALID_RESET_TOKEN: 'Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
  WRONG_PASSWORD: 'Mot de passe incorrect.',
  LAST_ADMIN: 'Un espace de travail doit garder au moins un admin actif.',
  INVALID_PHONE_NUMBER:
    'Ce numéro de téléphone n’est pas valide. Utilisez le format international, par ex. +33612345678.',
  NETWORK_DISABLED: 'Ce réseau est désactivé : il n’envoie ni ne reçoit de messages. Activez-le d’abord.',
  INVALID_SIGNATURE: 'La signature de la requête n’a pas pu être vérifiée : elle a été refusée.',
  CONTACT_OPTED_OUT:
    'Ce contact s’est désabonné (STOP). Rien ne peut lui être envoyé tant qu’il ne s’est pas réabonné.',
  CONTACT_EXISTS: 'Un contact avec ce numéro existe déjà.',
  CONTACT_HAS_HISTORY:
    'Ce contact a des conversations ou une désinscription enregistrée ; il est conservé pour ne pas les perdre.',
  CONTACT_LIST_NAME_TAKEN: 'Une autre liste porte déjà ce nom.',
  IMPORT_FILE_INVALID:
    'Ce fichier ne peut pas être importé. Vérifiez qu’il s’agit d’un CSV en UTF-8 avec une ligne d’en-tête, une colonne de numéros de téléphone et des lignes pas plus larges que l’en-tête.',
  IMPORT_STATE_CONFLICT: 'Cette importation a déjà commencé ou est terminée.',
  QUOTA_EXCEEDED:
    'Cela dépasserait le quota mensuel de SMS de votre forfait : rien n’a été envoyé. Le quota se renouvelle au début du mois prochain ; un forfait supérieur en permet davantage.',
  CAMPAIGN_STATE_CONFLICT: 'Cette campagne a déjà démarré ou est terminée : elle ne peut plus être modifiée ainsi.',
  CAMPAIGN_NOT_READY: 'Cette campagne ne peut pas encore démarrer : voyez ce que sa vérification indique.',
  WRONG_NETWORK_KIND: 'Cette action ne s’applique pas à ce type de réseau.',
  API_KEY_INVALID: 'Cette clé d’API n’est pas valide. Vérifiez que le secret a été copié en entier.',
  API_KEY_REVOKED: 'Cette clé d’API a été révoquée et ne fonctionne plus. Créez-en une nouvelle.',
  API_KEY_EXPIRED: 'Cette clé d’API a expiré. Créez-en une nouvelle.',
  INSUFFICIENT_SCOPE: 'Cette clé d’API ne le permet pas : il lui manque l’autorisation requise par cet appel.',
  IP_NOT_ALLOWED: 'Cette clé d’API n’est pas acceptée depuis cette adresse IP.',
  IDEMPOTENCY_KEY_REUSED: 'Cette Idempotency-Key a déjà servi pour une autre requête.',
  MESSAGE_NOT_CANCELLABLE: 'Ce message a déjà quitté la file d’attente : il ne peut plus être annulé.',
  NO_NETWORK: 'Aucun réseau activé pour l’envoi. Activez ou ajoutez d’abord un réseau.',
  WEBHOOK_URL_NOT_ALLOWED:
    'Cette adresse de webhook n’est pas autorisée : elle doit être en https et joindre une adresse publique.',
  SEND_AT_INVALID: 'L’heure programmée doit être dans le futur, au plus 30 jours à l’avance.',
  PAYMENT_DECLINED: 'Le paiement n’a pas été accepté.',
  BILLING_STATE_CONFLICT: 'Ce n’est plus possible : la commande ou l’offre a changé. Rechargez la page.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'Le service de paiement est injoignable. Rien n’a été débité ; réessayez.',
  PAYMENT_WEBHOOK_INVALID: 'La notification de paiement n’a pas pu être vérifiée.',
  USERNAME_TAKEN: 'Ce nom d’utilisateur est déjà pris. Veuillez en choisir un autre.',
  TWO_FACTOR_INVALID: 'Ce code est faux ou a déjà servi. Utilisez le code le plus récent de votre application.',
  TWO_FACTOR_STATE_CONFLICT: 'La double authentification a changé entre-temps. Rechargez la page.',
  INVITATION_INVALID:
    'Ce lien d’invitation est invalide, expiré, révoqué ou déjà utilisé. Demandez-en un nouveau à un admin.',
  INVALID_VERIFICATION_TOKEN: 'Ce lien de vérification est invalide, utilisé ou expiré. Demandez-en un nouveau.',
  CONFIRMATION_MISMATCH: 'Le texte saisi ne correspond pas.',
  UNAVAILABLE: 'Le serveur démarre ou redémarre. Veuillez réessayer dans un instant.',
  INTERNAL: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  NETWORK: 'Le serveur est injoignable. Vérifiez votre connexion.',
  pages: {
    notFound: {
      title: 'Page introuvable',
      text: 'Nous n’avons pas trouvé la page demandée. Elle a peut-être été déplacée, ou l’adresse contient une faute de frappe.',
    },
    serverError: {
      title: 'Un problème est survenu',
      text: 'Une erreur inattendue a interrompu cette page. Elle a été enregistrée ; veuillez réessayer dans un instant.',
    },
    notAuthorized: {
      title: 'Accès non autorisé',
      text: 'Votre rôle ne permet pas d’ouvrir cette page. Demandez l’accès à un admin de votre espace de travail.',
    },
    maintenance: {
      title: 'Maintenance en cours',
      text: 'Nous améliorons Switchboard et serons de retour très vite. Merci de votre patience.',
    },
    backHome: 'Retour à l’accueil',
  },
};
