import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useDevelopersText } from '../developers-text';

/** The developer page's toasts (see useFeatureNotifications). */
export function useDevelopersNotifications() {
  const t = useDevelopersText();
  return useFeatureNotifications(t('notifications.errorTitle'));
}
