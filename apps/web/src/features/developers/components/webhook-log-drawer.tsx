import { Alert, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../lib/use-api-error-message';
import { useResendDelivery } from '../api/use-resend-delivery';
import { useWebhookDeliveries } from '../api/use-webhook-deliveries';
import { webhookKeys } from '../api/webhook-keys';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import classes from './developers.module.css';
import { DeliveryItem } from './delivery-item';

interface WebhookLogDrawerProps {
  /** The endpoint whose log to show; null keeps the drawer closed. */
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}

/** An endpoint's newest deliveries with every attempt, and "Resend" for each. */
export function WebhookLogDrawer({ webhook, onClose }: WebhookLogDrawerProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const notify = useDevelopersNotifications();
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  const resend = useResendDelivery();
  const queryClient = useQueryClient();
  const readAt = deliveries.dataUpdatedAt;
  // A delivery's outcome changes its endpoint (failing since, disabled): read the list with the log.
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
  }, [readAt, queryClient]);

  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('webhooks.deliveries.title')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      {webhook && (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} dir="ltr" className={classes.url}>
              {webhook.url}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={deliveries.isFetching}
              onClick={() => void deliveries.refetch()}
            >
              {t('webhooks.deliveries.refresh')}
            </Button>
          </Group>
          {deliveries.isPending ? (
            <Group justify="center" py="xl">
              <Loader size="sm" aria-label={t('webhooks.deliveries.title')} />
            </Group>
          ) : deliveries.isError ? (
            <Alert color="red" title={t('webhooks.deliveries.loadFailed')} role="alert">
              {errorMessage(deliveries.error)}
            </Alert>
          ) : deliveries.data.length === 0 ? (
            <Text size="sm" className={classes.quietLabel}>
              {t('webhooks.deliveries.empty')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" className={classes.list} aria-label={t('webhooks.deliveries.title')}>
              {deliveries.data.map((delivery) => (
                <DeliveryItem
                  key={delivery.id}
                  delivery={delivery}
                  resending={resend.isPending && resend.variables.deliveryId === delivery.id}
                  onResend={(target) =>
                    resend.mutate(
                      { webhookId: webhook.id, deliveryId: target.id },
                      { onSuccess: () => notify.success(t('webhooks.deliveries.resent')), onError: notify.failure },
                    )
                  }
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
