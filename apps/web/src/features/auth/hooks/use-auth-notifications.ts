import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §8 sign-in notifications: titles, texts, colours and durations. */
export function useAuthNotifications() {
  const { t } = useTranslation('auth');
  return useMemo(
    () => ({
      signInError(message: string) {
        notifications.show({ color: 'red', title: t('notifications.errorTitle'), message, autoClose: 2500 });
      },
      alreadyLoggedIn() {
        notifications.show({
          id: 'login-attempt',
          color: 'orange',
          title: t('notifications.loginAttemptTitle'),
          message: t('notifications.alreadyLoggedIn'),
        });
      },
      accountCreated() {
        notifications.show({
          color: 'green',
          title: t('notifications.accountCreatedTitle'),
          message: t('notifications.registered'),
        });
      },
    }),
    [t],
  );
}
