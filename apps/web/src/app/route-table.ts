import type { UserRole } from '@switchboard/contract';
import type { nav } from '../i18n/locales/en/nav';

export type RouteId = keyof typeof nav.routes;

/** What the guard, breadcrumb, title and search know about a page (React Router `handle`). */
export interface PageHandle {
  id: RouteId;
  /** Spec §2: anonymous visitors go to /pages/login?to=… */
  loginRequired: boolean;
  /** Spec §6: admin = admins only; editor = editors and admins; null = anyone. */
  rule: UserRole | null;
  /** Parent crumbs between Home and this page (e.g. eCommerce for the shop pages). */
  crumbs?: RouteId[];
  /** Listed in the navbar search (Spotlight) when the user may open it. */
  searchable?: boolean;
}

type PageModule = { default: React.ComponentType };

export interface PageRoute {
  path: string;
  handle: PageHandle;
  load: () => Promise<PageModule>;
}

const comingLater = () => import('../features/pages/coming-later-page');

/** Pages inside the main layout (navbar, menu, breadcrumb, footer). */
export const layoutRoutes: PageRoute[] = [
  {
    path: '/home',
    handle: { id: 'home', loginRequired: false, rule: 'editor', searchable: true },
    load: () => import('../features/pages/home-page'),
  },
  {
    path: '/dashboard/analytics',
    handle: { id: 'dashboard', loginRequired: true, rule: 'admin', searchable: true },
    load: comingLater,
  },
  {
    path: '/views/conversations',
    handle: { id: 'conversations', loginRequired: true, rule: 'admin', searchable: true },
    load: () => import('../features/conversations/pages/conversations-page'),
  },
  {
    path: '/views/networks',
    handle: { id: 'networks', loginRequired: true, rule: 'admin', searchable: true },
    load: () => import('../features/networks/pages/networks-page'),
  },
  {
    path: '/views/auto-reply',
    handle: { id: 'autoReply', loginRequired: true, rule: 'admin', searchable: true },
    load: () => import('../features/auto-reply/pages/auto-reply-page'),
  },
  {
    path: '/CheckOut',
    handle: { id: 'checkout', loginRequired: false, rule: 'admin', searchable: true },
    load: comingLater,
  },
  {
    path: '/network-settings',
    handle: { id: 'networkSettings', loginRequired: true, rule: 'admin', searchable: true },
    load: () => import('../features/networks/pages/network-settings-page'),
  },
  {
    path: '/profile-settings',
    handle: { id: 'profileSettings', loginRequired: true, rule: 'admin', searchable: true },
    load: comingLater,
  },
  { path: '/apps/todo/:filter', handle: { id: 'todo', loginRequired: true, rule: 'editor' }, load: comingLater },
  {
    path: '/apps/chat',
    handle: { id: 'chat', loginRequired: true, rule: 'editor', searchable: true },
    load: comingLater,
  },
  { path: '/apps/email/:filter', handle: { id: 'email', loginRequired: true, rule: 'editor' }, load: comingLater },
  {
    path: '/apps/calendar/vue-simple-calendar',
    handle: { id: 'calendar', loginRequired: true, rule: 'editor', searchable: true },
    load: comingLater,
  },
  {
    path: '/apps/eCommerce/shop',
    handle: { id: 'shop', loginRequired: true, rule: 'editor', crumbs: ['eCommerce'], searchable: true },
    load: comingLater,
  },
  {
    path: '/apps/eCommerce/wish-list',
    handle: { id: 'wishList', loginRequired: true, rule: 'editor', crumbs: ['eCommerce'], searchable: true },
    load: comingLater,
  },
  {
    path: '/apps/eCommerce/checkout',
    handle: { id: 'shopCheckout', loginRequired: true, rule: 'editor', crumbs: ['eCommerce'], searchable: true },
    load: comingLater,
  },
  {
    path: '/pages/user-settings/UserSettings',
    handle: { id: 'userSettings', loginRequired: true, rule: 'editor', searchable: true },
    load: comingLater,
  },
  {
    path: '/pricing',
    handle: { id: 'pricing', loginRequired: false, rule: null, searchable: true },
    load: comingLater,
  },
  {
    path: '/contact-us',
    handle: { id: 'contactUs', loginRequired: false, rule: null, searchable: true },
    load: comingLater,
  },
  {
    path: '/about-us',
    handle: { id: 'aboutUs', loginRequired: false, rule: null, searchable: true },
    load: comingLater,
  },
  {
    path: '/downloads',
    handle: { id: 'downloads', loginRequired: false, rule: null, searchable: true },
    load: comingLater,
  },
];

/** Pages outside the layout: sign-in, errors, the identity-provider callback. */
export const fullPageRoutes: PageRoute[] = [
  {
    path: '/callback',
    handle: { id: 'callback', loginRequired: false, rule: null },
    load: () => import('../features/auth/pages/callback-page'),
  },
  {
    path: '/pages/login',
    handle: { id: 'login', loginRequired: false, rule: 'editor' },
    load: () => import('../features/auth/pages/login-page'),
  },
  {
    path: '/pages/register',
    handle: { id: 'register', loginRequired: false, rule: 'editor' },
    load: () => import('../features/auth/pages/register-page'),
  },
  {
    path: '/pages/forgot-password',
    handle: { id: 'forgotPassword', loginRequired: false, rule: 'editor' },
    load: () => import('../features/auth/pages/forgot-password-page'),
  },
  {
    path: '/pages/reset-password',
    handle: { id: 'resetPassword', loginRequired: false, rule: 'editor' },
    load: () => import('../features/auth/pages/reset-password-page'),
  },
  {
    path: '/pages/lock-screen',
    handle: { id: 'lockScreen', loginRequired: true, rule: 'editor' },
    load: () => import('../features/auth/pages/lock-screen-page'),
  },
  {
    path: '/pages/not-authorized',
    handle: { id: 'notAuthorized', loginRequired: false, rule: null },
    load: () => import('../features/errors/not-authorized-page'),
  },
  {
    path: '/pages/error-404',
    handle: { id: 'error404', loginRequired: false, rule: null },
    load: () => import('../features/errors/error-404-page'),
  },
  {
    path: '/pages/error-500',
    handle: { id: 'error500', loginRequired: false, rule: null },
    load: () => import('../features/errors/error-500-page'),
  },
  {
    path: '/pages/maintenance',
    handle: { id: 'maintenance', loginRequired: false, rule: null },
    load: () => import('../features/errors/maintenance-page'),
  },
];

/** Spec §2 redirects. */
export const redirects: Array<{ from: string; to: string }> = [
  { from: '/', to: '/home' },
  { from: '/apps/todo', to: '/pages/user-settings/UserSettings' },
  { from: '/apps/email', to: '/apps/email/inbox' },
];
