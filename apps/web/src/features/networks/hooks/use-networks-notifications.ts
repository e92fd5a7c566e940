import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useNetworksText } from '../networks-text';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';

/** The feature's toasts: a success in green, a failure in red with the translated error. */
export function useNetworksNotifications() {
  const t = useNetworksText();
  const errorMessage = useApiErrorMessage();
  return useMemo(
    () => ({
      success(message: string) {
        notifications.show({ color: 'green', message });
      },
      failure(error: unknown) {
        notifications.show({ color: 'red', title: t('notifications.errorTitle'), message: errorMessage(error) });
      },
    }),
    [t, errorMessage],
  );
}
