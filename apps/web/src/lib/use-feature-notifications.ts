import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from './use-api-error-message';

/**
 * A feature's toasts: a success in green, a failure in red under `errorTitle` with the error
 * translated by its code. Their close button is named (Mantine leaves it without a name, which
 * screen readers cannot announce).
 */
export function useFeatureNotifications(errorTitle: string) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('close') };
    return {
      success(message: string) {
        notifications.show({ color: 'green', message, closeButtonProps });
      },
      failure(error: unknown) {
        notifications.show({ color: 'red', title: errorTitle, message: errorMessage(error), closeButtonProps });
      },
    };
  }, [t, errorTitle, errorMessage]);
}
