import {
  IconAddressBook,
  IconAdjustments,
  IconApi,
  IconBuildingStore,
  IconCalendarEvent,
  IconChecklist,
  IconCirclePlus,
  IconCreditCard,
  IconDownload,
  IconGauge,
  IconHeart,
  IconHome,
  IconInfoCircle,
  IconMail,
  IconMessageChatbot,
  IconMessageCircle,
  IconMessages,
  IconMicrophone,
  IconNetwork,
  IconPhoneCall,
  IconShoppingCart,
  IconSpeakerphone,
  IconTag,
  IconUserCircle,
  IconUserCog,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { RouteId } from '../../../lib/routing/page-handle';

/** One icon per page, shared by the menu, the search and the bookmarks bar. */
export const PAGE_ICONS: Partial<Record<RouteId, Icon>> = {
  home: IconHome,
  dashboard: IconGauge,
  conversations: IconMessages,
  smsInbox: IconMessageCircle,
  voiceInbox: IconMicrophone,
  autoReply: IconMessageChatbot,
  contacts: IconAddressBook,
  campaigns: IconSpeakerphone,
  campaign: IconSpeakerphone,
  networks: IconNetwork,
  addNetwork: IconCirclePlus,
  networkSettings: IconAdjustments,
  developers: IconApi,
  checkout: IconCreditCard,
  pricingPlan: IconCreditCard,
  profileSettings: IconUserCircle,
  userSettings: IconUserCog,
  todo: IconChecklist,
  chat: IconMessages,
  email: IconMail,
  calendar: IconCalendarEvent,
  eCommerce: IconBuildingStore,
  shop: IconBuildingStore,
  wishList: IconHeart,
  shopCheckout: IconShoppingCart,
  pricing: IconTag,
  contactUs: IconPhoneCall,
  aboutUs: IconInfoCircle,
  downloads: IconDownload,
};

export const FALLBACK_PAGE_ICON: Icon = IconWorld;

export function pageIcon(id: RouteId): Icon {
  return PAGE_ICONS[id] ?? FALLBACK_PAGE_ICON;
}
