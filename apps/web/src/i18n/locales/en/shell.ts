/**
 * The app shell: navbar, menu, customizer, search, user menu, footer. Not in index.ts: the shell's
 * chunk registers it (features/shell/shell-text.ts), so sign-in pages do not load it.
 */
export const shell = {
  skipToContent: 'Skip to content',
  navbar: {
    openMenu: 'Open menu',
    mainMenu: 'Main menu',
    search: 'Search',
    searchHint: 'Search pages',
    language: 'Language',
    customizer: 'Customizer',
    bookmarks: 'Bookmarks',
    inboxBadge: '{{n}} new',
  },
  breadcrumb: 'Breadcrumb',
  footer: {
    copyright: '© {{year}} Switchboard. All rights reserved.',
    links: 'Company links',
  },
  customizer: {
    title: 'Theme Customizer',
    description: 'Choose how Switchboard looks. Changes apply at once.',
    theme: 'Theme',
    themes: { light: 'Light', dark: 'Dark', 'semi-dark': 'Semi Dark' },
    layout: 'Menu layout',
    layouts: { horizontal: 'Horizontal', vertical: 'Vertical' },
    navbarType: 'Navbar type',
    navbarTypes: { floating: 'Floating', sticky: 'Sticky', static: 'Static', hidden: 'Hidden' },
    transition: 'Page transition',
    transitions: { 'zoom-fade': 'Zoom fade', 'slide-fade': 'Slide fade', fade: 'Fade', none: 'None' },
    reset: 'Reset to defaults',
    savedToAccount: 'Saved to your account: your choices follow you to every browser.',
    savedInBrowser: 'Saved in this browser. Sign in to keep your choices on every device.',
  },
  search: {
    placeholder: 'Search pages…',
    nothingFound: 'No page matches your search.',
    bookmark: 'Bookmark {{title}}',
    hint: 'Star a page to pin it to the bookmarks bar.',
    signInToStar: 'Sign in to pin pages to your bookmarks bar.',
  },
  bookmarks: {
    saveFailedTitle: 'Bookmarks not saved',
    saveFailed: 'Your bookmarks could not be saved. Please try again.',
  },
  languages: { en: 'English', de: 'Deutsch', fr: 'Français', ar: 'العربية' },
  userMenu: {
    open: 'Account menu',
    roles: { admin: 'Admin', editor: 'Editor' },
    logout: 'Logout',
  },
};
