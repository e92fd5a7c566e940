import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useAutoReplyText } from '../auto-reply-text';

/** The auto-reply feature's toasts (see useFeatureNotifications). */
export function useAutoReplyNotifications() {
  const t = useAutoReplyText();
  return useFeatureNotifications(t('notifications.errorTitle'));
}
