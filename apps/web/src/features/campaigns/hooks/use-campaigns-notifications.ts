import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useCampaignsText } from '../campaigns-text';

/** The campaigns feature's toasts (see useFeatureNotifications). */
export function useCampaignsNotifications() {
  const t = useCampaignsText();
  return useFeatureNotifications(t('notifications.errorTitle'));
}
