import type { Translation } from '../../types';
import type { shell as en } from '../en/shell';

export const shell: Translation<typeof en> = {
  skipToContent: 'Zum Inhalt springen',
  navbar: {
    openMenu: 'Menü öffnen',
    mainMenu: 'Hauptmenü',
    search: 'Suche',
    searchHint: 'Seiten durchsuchen',
    language: 'Sprache',
    customizer: 'Anpassen',
    bookmarks: 'Lesezeichen',
    inboxBadge: '{{n}} neu',
  },
  breadcrumb: 'Brotkrumen',
  footer: {
    copyright: '© {{year}} Switchboard. Alle Rechte vorbehalten.',
    links: 'Links zum Unternehmen',
  },
  customizer: {
    title: 'Design anpassen',
    description: 'Wählen Sie, wie Switchboard aussieht. Änderungen gelten sofort.',
    theme: 'Farbschema',
    themes: { light: 'Hell', dark: 'Dunkel', 'semi-dark': 'Halbdunkel' },
    layout: 'Menü-Layout',
    layouts: { horizontal: 'Horizontal', vertical: 'Vertikal' },
    navbarType: 'Navigationsleiste',
    navbarTypes: { floating: 'Schwebend', sticky: 'Fixiert', static: 'Statisch', hidden: 'Versteckt' },
    transition: 'Seitenübergang',
    transitions: { 'zoom-fade': 'Zoomen', 'slide-fade': 'Gleiten', fade: 'Blenden', none: 'Keiner' },
    reset: 'Auf Standard zurücksetzen',
    savedToAccount: 'In Ihrem Konto gespeichert: Ihre Auswahl folgt Ihnen in jeden Browser.',
    savedInBrowser: 'In diesem Browser gespeichert. Melden Sie sich an, um Ihre Auswahl auf allen Geräten zu behalten.',
  },
  search: {
    placeholder: 'Seiten suchen…',
    nothingFound: 'Keine Seite passt zu Ihrer Suche.',
    bookmark: '{{title}} als Lesezeichen',
    hint: 'Markieren Sie eine Seite mit dem Stern, um sie an die Lesezeichenleiste zu heften.',
    signInToStar: 'Melden Sie sich an, um Seiten an Ihre Lesezeichenleiste zu heften.',
  },
  bookmarks: {
    saveFailedTitle: 'Lesezeichen nicht gespeichert',
    saveFailed: 'Ihre Lesezeichen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  },
  languages: { en: 'English', de: 'Deutsch', fr: 'Français', ar: 'العربية' },
  userMenu: {
    open: 'Kontomenü',
    roles: { admin: 'Administrator', editor: 'Bearbeiter' },
    logout: 'Abmelden',
  },
};
