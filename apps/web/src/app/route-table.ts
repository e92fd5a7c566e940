import type { PageHandle, RouteId } from '../lib/routing/page-handle';

type PageModule = { default: React.ComponentType };

export interface PageRoute {
  path: string;
  handle: PageHandle;
  load: () => Promise<PageModule>;
}

/** Who may open a page: spec §2 (anonymous visitors sign in first) and §6 (the role rule). */
type Audience = Pick<PageHandle, 'loginRequired' | 'rule'>;
const anyone: Audience = { loginRequired: false, rule: null };
/** Anonymous visitors too; a signed-in user needs the role. */
const visitorsAndEditors: Audience = { loginRequired: false, rule: 'editor' };
const visitorsAndAdmins: Audience = { loginRequired: false, rule: 'admin' };
const editors: Audience = { loginRequired: true, rule: 'editor' };
const admins: Audience = { loginRequired: true, rule: 'admin' };

/** Listed in the navbar search; `crumbs` are the parents between Home and the page. */
type Listing = Pick<PageHandle, 'crumbs' | 'searchable'>;
const searchable: Listing = { searchable: true };
const inShop: Listing = { crumbs: ['eCommerce'], searchable: true };
const inCampaigns: Listing = { crumbs: ['campaigns'] };
const inBilling: Listing = { crumbs: ['billing'] };
const inTeam: Listing = { crumbs: ['team'] };

function page(
  path: string,
  id: RouteId,
  audience: Audience,
  loader: PageRoute['load'],
  listing: Listing = {},
): PageRoute {
  return { path, handle: { id, ...audience, ...listing }, load: loader };
}

/** Every page is its own chunk, loaded when first visited. */
const load = {
  home: () => import('../features/pages/home-page'),
  dashboard: () => import('../features/analytics/pages/analytics-page'),
  comingLater: () => import('../features/pages/coming-later-page'),
  conversations: () => import('../features/conversations/pages/conversations-page'),
  networks: () => import('../features/networks/pages/networks-page'),
  networkSettings: () => import('../features/networks/pages/network-settings-page'),
  autoReply: () => import('../features/auto-reply/pages/auto-reply-page'),
  contacts: () => import('../features/contacts/pages/contacts-page'),
  campaigns: () => import('../features/campaigns/pages/campaigns-page'),
  campaign: () => import('../features/campaigns/pages/campaign-page'),
  downloads: () => import('../features/downloads/pages/downloads-page'),
  developers: () => import('../features/developers/pages/developers-page'),
  billing: () => import('../features/billing/pages/billing-page'),
  invoice: () => import('../features/billing/pages/invoice-page'),
  pricing: () => import('../features/billing/pages/pricing-page'),
  checkout: () => import('../features/billing/pages/checkout-page'),
  callback: () => import('../features/auth/pages/callback-page'),
  login: () => import('../features/auth/pages/login-page'),
  register: () => import('../features/auth/pages/register-page'),
  forgotPassword: () => import('../features/auth/pages/forgot-password-page'),
  resetPassword: () => import('../features/auth/pages/reset-password-page'),
  lockScreen: () => import('../features/auth/pages/lock-screen-page'),
  notAuthorized: () => import('../features/errors/not-authorized-page'),
  error404: () => import('../features/errors/error-404-page'),
  error500: () => import('../features/errors/error-500-page'),
  maintenance: () => import('../features/errors/maintenance-page'),
  userSettings: () => import('../features/account/pages/user-settings-page'),
  profileSettings: () => import('../features/account/pages/profile-settings-page'),
  verifyEmail: () => import('../features/account/pages/verify-email-page'),
  twoFactorLogin: () => import('../features/account/pages/two-factor-login-page'),
  team: () => import('../features/team/pages/team-page'),
  teamUser: () => import('../features/team/pages/team-user-page'),
  teamUserEdit: () => import('../features/team/pages/team-user-edit-page'),
  acceptInvitation: () => import('../features/team/pages/accept-invitation-page'),
};
const { comingLater } = load;

/** Pages inside the main layout (navbar, menu, breadcrumb, footer). */
export const layoutRoutes: PageRoute[] = [
  page('/home', 'home', visitorsAndEditors, load.home, searchable),
  page('/dashboard/analytics', 'dashboard', admins, load.dashboard, searchable),
  page('/views/conversations', 'conversations', admins, load.conversations, searchable),
  page('/views/networks', 'networks', admins, load.networks, searchable),
  page('/views/auto-reply', 'autoReply', admins, load.autoReply, searchable),
  page('/views/contacts', 'contacts', admins, load.contacts, searchable),
  page('/views/campaigns', 'campaigns', admins, load.campaigns, searchable),
  page('/views/campaigns/:id', 'campaign', admins, load.campaign, inCampaigns),
  page('/CheckOut', 'checkout', visitorsAndAdmins, load.checkout, searchable),
  page('/network-settings', 'networkSettings', admins, load.networkSettings, searchable),
  page('/views/developers', 'developers', admins, load.developers, searchable),
  page('/views/billing', 'billing', admins, load.billing, searchable),
  page('/views/billing/invoices/:id', 'invoice', admins, load.invoice, inBilling),
  page('/profile-settings', 'profileSettings', admins, load.profileSettings, searchable),
  page('/apps/user/user-list', 'team', admins, load.team, searchable),
  page('/apps/user/user-view/:id', 'teamUser', admins, load.teamUser, inTeam),
  page('/apps/user/user-edit/:id', 'teamUserEdit', admins, load.teamUserEdit, inTeam),
  page('/apps/todo/:filter', 'todo', editors, comingLater),
  page('/apps/chat', 'chat', editors, comingLater, searchable),
  page('/apps/email/:filter', 'email', editors, comingLater),
  page('/apps/calendar/vue-simple-calendar', 'calendar', editors, comingLater, searchable),
  page('/apps/eCommerce/shop', 'shop', editors, comingLater, inShop),
  page('/apps/eCommerce/wish-list', 'wishList', editors, comingLater, inShop),
  page('/apps/eCommerce/checkout', 'shopCheckout', editors, comingLater, inShop),
  page('/pages/user-settings/UserSettings', 'userSettings', editors, load.userSettings, searchable),
  page('/pricing', 'pricing', anyone, load.pricing, searchable),
  page('/contact-us', 'contactUs', anyone, comingLater, searchable),
  page('/about-us', 'aboutUs', anyone, comingLater, searchable),
  page('/downloads', 'downloads', anyone, load.downloads, searchable),
];

/** Pages outside the layout: sign-in, errors, the identity-provider callback. */
export const fullPageRoutes: PageRoute[] = [
  page('/callback', 'callback', anyone, load.callback),
  page('/pages/login', 'login', visitorsAndEditors, load.login),
  page('/pages/register', 'register', visitorsAndEditors, load.register),
  page('/pages/forgot-password', 'forgotPassword', visitorsAndEditors, load.forgotPassword),
  page('/pages/reset-password', 'resetPassword', visitorsAndEditors, load.resetPassword),
  page('/pages/lock-screen', 'lockScreen', editors, load.lockScreen),
  page('/pages/accept-invitation', 'acceptInvitation', anyone, load.acceptInvitation),
  page('/pages/verify-email', 'verifyEmail', anyone, load.verifyEmail),
  page('/pages/two-factor', 'twoFactorLogin', visitorsAndEditors, load.twoFactorLogin),
  page('/pages/not-authorized', 'notAuthorized', anyone, load.notAuthorized),
  page('/pages/error-404', 'error404', anyone, load.error404),
  page('/pages/error-500', 'error500', anyone, load.error500),
  page('/pages/maintenance', 'maintenance', anyone, load.maintenance),
];

/** Where the site root (`/`) leads (spec §2). */
export const SITE_ROOT_PAGE = '/home';

/** Spec §2 redirects. */
export const redirects: Array<{ from: string; to: string }> = [
  { from: '/', to: SITE_ROOT_PAGE },
  { from: '/apps/todo', to: '/pages/user-settings/UserSettings' },
  { from: '/apps/email', to: '/apps/email/inbox' },
];
