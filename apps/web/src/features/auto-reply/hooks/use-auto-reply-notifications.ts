import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useAutoReplyText } from '../auto-reply-text';

/**
 * The feature's toasts: a success in green, a failure in red with the translated error. Their
 * close button is named (Mantine leaves it without a name, which screen readers cannot announce).
 */
export function useAutoReplyNotifications() {
  const t = useAutoReplyText();
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
