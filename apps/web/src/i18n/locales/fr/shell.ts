import type { Translation } from '../../types';
import type { shell as en } from '../en/shell';

export const shell: Translation<typeof en> = {
  skipToContent: 'Aller au contenu',
  navbar: {
    openMenu: 'Ouvrir le menu',
    mainMenu: 'Menu principal',
    search: 'Rechercher',
    searchHint: 'Rechercher une page',
    language: 'Langue',
    customizer: 'Personnaliser',
    bookmarks: 'Favoris',
    inboxBadge: '{{n}} nouveau(x)',
  },
  breadcrumb: 'Fil d’Ariane',
  footer: {
    copyright: '© {{year}} Switchboard. Tous droits réservés.',
    links: 'Liens de l’entreprise',
  },
  customizer: {
    title: 'Personnaliser l’apparence',
    description: 'Choisissez l’apparence de Switchboard. Les changements s’appliquent aussitôt.',
    theme: 'Thème',
    themes: { light: 'Clair', dark: 'Sombre', 'semi-dark': 'Semi-sombre' },
    layout: 'Disposition du menu',
    layouts: { horizontal: 'Horizontale', vertical: 'Verticale' },
    navbarType: 'Barre de navigation',
    navbarTypes: { floating: 'Flottante', sticky: 'Collante', static: 'Statique', hidden: 'Masquée' },
    transition: 'Transition de page',
    transitions: { 'zoom-fade': 'Zoom', 'slide-fade': 'Glissement', fade: 'Fondu', none: 'Aucune' },
    reset: 'Rétablir les valeurs par défaut',
    savedToAccount: 'Enregistré dans votre compte : vos choix vous suivent dans tous les navigateurs.',
    savedInBrowser: 'Enregistré dans ce navigateur. Connectez-vous pour garder vos choix sur tous vos appareils.',
  },
  search: {
    placeholder: 'Rechercher une page…',
    nothingFound: 'Aucune page ne correspond à votre recherche.',
    bookmark: 'Ajouter {{title}} aux favoris',
    hint: 'Marquez une page d’une étoile pour l’épingler à la barre des favoris.',
    signInToStar: 'Connectez-vous pour épingler des pages à votre barre des favoris.',
  },
  bookmarks: {
    saveFailedTitle: 'Favoris non enregistrés',
    saveFailed: 'Vos favoris n’ont pas pu être enregistrés. Veuillez réessayer.',
  },
  languages: { en: 'English', de: 'Deutsch', fr: 'Français', ar: 'العربية' },
  userMenu: {
    open: 'Menu du compte',
    roles: { admin: 'Administrateur', editor: 'Éditeur' },
    logout: 'Se déconnecter',
  },
};
