import { Button, Group, Modal, Text } from '@mantine/core';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpoint,
  type WebhookWithSecretResponse,
} from '@switchboard/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotateWebhookSecret } from '../api/use-rotate-webhook-secret';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';
import { WebhookSecret } from './webhook-secret';

interface RotateSecretModalProps {
  /** The endpoint whose secret to rotate; null keeps the dialog closed. */
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}

/** Asks, rotates, then shows the new secret this once and until when the old one still signs. */
export function RotateSecretModal({ webhook, onClose }: RotateSecretModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<WebhookWithSecretResponse | null>(null);
  const close = () => {
    setRotated(null);
    onClose();
  };

  return (
    <Modal
      opened={webhook !== null}
      onClose={close}
      size="lg"
      title={rotated ? t('webhooks.secretShown.rotatedTitle') : t('webhooks.rotateConfirm.title')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      closeOnClickOutside={!rotated}
    >
      {rotated ? (
        <WebhookSecret shown={rotated} onDone={close} />
      ) : (
        <>
          <Text size="sm">{t('webhooks.rotateConfirm.text', { hours: WEBHOOK_SECRET_OVERLAP_HOURS })}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {tCommon('cancel')}
            </Button>
            <Button
              loading={rotate.isPending}
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => webhook && rotate.mutate(webhook.id, { onSuccess: setRotated, onError: notify.failure })}
            >
              {t('webhooks.rotateConfirm.confirm')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
