import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useContactsText } from '../contacts-text';

/**
 * The feature's toasts: a success in green, a failure in red with the error translated by its
 * code. Their close button is named (Mantine leaves it without a name).
 */
export function useContactsNotifications() {
  const t = useContactsText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': tCommon('close') };
    return {
      success(message: string) {
        notifications.show({ color: 'green', message, closeButtonProps });
      },
      failure(error: unknown) {
        notifications.show({
          color: 'red',
          title: t('notifications.errorTitle'),
          message: errorMessage(error),
          closeButtonProps,
        });
      },
    };
  }, [t, tCommon, errorMessage]);
}
