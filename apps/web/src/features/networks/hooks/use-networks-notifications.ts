import { useFeatureNotifications } from '../../../lib/use-feature-notifications';
import { useNetworksText } from '../networks-text';

/** The feature's toasts: a success in green, a failure in red with the translated error. */
export function useNetworksNotifications() {
  const t = useNetworksText();
  // The shared toasts name their close button, which Mantine leaves without a name.
  return useFeatureNotifications(t('notifications.errorTitle'));
}
