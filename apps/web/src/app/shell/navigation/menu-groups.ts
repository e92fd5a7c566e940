import {
  IconApps,
  IconBuilding,
  IconLayoutDashboard,
  IconMessages,
  IconNetwork,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import type { RouteId } from '../../../lib/routing/page-handle';
import type { nav } from '../../../i18n/locales/en/nav';

export type MenuGroupId = keyof typeof nav.groups;

export interface MenuEntry {
  /** Title key in the `nav` namespace (`routes.<id>`) and the icon (PAGE_ICONS). */
  id: RouteId;
  /** Where it leads; the page's rule (route table) decides who sees it. */
  to: string;
}

export interface MenuGroup {
  id: MenuGroupId;
  icon: Icon;
  entries: MenuEntry[];
}

/** Spec §1 navigation entries, grouped. */
export const MENU_GROUPS: MenuGroup[] = [
  {
    id: 'dashboard',
    icon: IconLayoutDashboard,
    entries: [
      { id: 'home', to: '/home' },
      { id: 'dashboard', to: '/dashboard/analytics' },
    ],
  },
  {
    id: 'messaging',
    icon: IconMessages,
    entries: [
      { id: 'smsInbox', to: '/views/conversations' },
      { id: 'voiceInbox', to: '/views/conversations?tab=voice' },
      { id: 'autoReply', to: '/views/auto-reply' },
      { id: 'contacts', to: '/views/contacts' },
      { id: 'campaigns', to: '/views/campaigns' },
    ],
  },
  {
    id: 'networks',
    icon: IconNetwork,
    entries: [
      { id: 'networks', to: '/views/networks' },
      { id: 'addNetwork', to: '/views/networks?add=1' },
      { id: 'networkSettings', to: '/network-settings' },
      { id: 'developers', to: '/views/developers' },
    ],
  },
  {
    id: 'apps',
    icon: IconApps,
    entries: [
      { id: 'todo', to: '/apps/todo/all' },
      { id: 'chat', to: '/apps/chat' },
      { id: 'email', to: '/apps/email/inbox' },
      { id: 'calendar', to: '/apps/calendar/vue-simple-calendar' },
      { id: 'shop', to: '/apps/eCommerce/shop' },
    ],
  },
  {
    id: 'account',
    icon: IconUserCircle,
    entries: [
      { id: 'profileSettings', to: '/profile-settings' },
      { id: 'team', to: '/apps/user/user-list' },
      { id: 'billing', to: '/views/billing' },
      { id: 'userSettings', to: '/pages/user-settings/UserSettings' },
      { id: 'pricingPlan', to: '/CheckOut' },
    ],
  },
  {
    id: 'company',
    icon: IconBuilding,
    entries: [
      { id: 'pricing', to: '/pricing' },
      { id: 'contactUs', to: '/contact-us' },
      { id: 'aboutUs', to: '/about-us' },
      { id: 'downloads', to: '/downloads' },
    ],
  },
];
