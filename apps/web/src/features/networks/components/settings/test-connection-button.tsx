import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTestConnection } from '../../api/use-test-connection';
import { useNetworksNotifications } from '../../hooks/use-networks-notifications';
import { useNetworksText } from '../../networks-text';

/** Tries the saved settings (a bind, the credentials) and says what the other side answered. */
export function TestConnectionButton({ networkId }: { networkId: string }) {
  const t = useNetworksText();
  const notify = useNetworksNotifications();
  const test = useTestConnection();
  return (
    <Button
      variant="light"
      size="xs"
      loading={test.isPending}
      leftSection={<IconPlugConnected size={16} aria-hidden />}
      onClick={() =>
        test.mutate(networkId, {
          onSuccess: (result) => {
            if (result.ok) notify.success(t('settings.testOk'));
            else
              notifications.show({
                color: 'red',
                title: t('wizard.test.failed'),
                message: t('settings.testFailed', { error: result.error ?? '' }),
                autoClose: 10_000,
              });
          },
          onError: notify.failure,
        })
      }
    >
      {t('settings.testConnection')}
    </Button>
  );
}
