import { useInboxCounts } from '../../../features/conversations/public';
import type { RouteId } from '../../../lib/routing/page-handle';
import type { MenuGroup } from './menu-groups';

/**
 * The live counts shown next to menu entries: unread SMS threads on "SMS Inbox", unlistened
 * voice messages on "Voice Inbox". Asked only when the visitor's menu has those entries.
 */
export function useInboxBadges(groups: MenuGroup[]): Partial<Record<RouteId, number>> {
  const enabled = groups.some((group) => group.entries.some((entry) => entry.id === 'smsInbox'));
  const { data } = useInboxCounts(enabled);
  if (!enabled || !data) return {};
  return { smsInbox: data.unreadConversations, voiceInbox: data.unlistenedVoiceMessages };
}
