import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useContactsText } from '../contacts-text';

/** The contacts feature's toasts (see useFeatureNotifications). */
export function useContactsNotifications() {
  const t = useContactsText();
  return useFeatureNotifications(t('notifications.errorTitle'));
}
