import { Button, Group, Modal, Select, Text } from '@mantine/core';
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

/** The overlaps offered, in hours (the server's default, 24, among them). */
const OVERLAPS = [
  { hours: 1, key: 'webhooks.rotateConfirm.overlaps.hour' },
  { hours: 24, key: 'webhooks.rotateConfirm.overlaps.day' },
  { hours: 72, key: 'webhooks.rotateConfirm.overlaps.threeDays' },
  { hours: 168, key: 'webhooks.rotateConfirm.overlaps.week' },
] as const;

interface RotateSecretModalProps {
  /** The endpoint whose secret to rotate; null keeps the dialog closed. */
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}

/** Asks (with how long the old secret keeps signing), rotates, then shows the new secret this once. */
export function RotateSecretModal({ webhook, onClose }: RotateSecretModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<WebhookWithSecretResponse | null>(null);
  const [overlap, setOverlap] = useState(String(WEBHOOK_SECRET_OVERLAP_HOURS));
  const close = () => {
    setRotated(null);
    setOverlap(String(WEBHOOK_SECRET_OVERLAP_HOURS));
    onClose();
  };
  const confirm = () =>
    webhook &&
    rotate.mutate(
      { id: webhook.id, overlapHours: Number(overlap) },
      { onSuccess: setRotated, onError: notify.failure },
    );

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
          <Text size="sm">{t('webhooks.rotateConfirm.text')}</Text>
          <Select
            mt="md"
            label={t('webhooks.rotateConfirm.overlap')}
            data={OVERLAPS.map(({ hours, key }) => ({ value: String(hours), label: t(key) }))}
            value={overlap}
            onChange={(value) => value && setOverlap(value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close}>
              {tCommon('cancel')}
            </Button>
            <Button loading={rotate.isPending} leftSection={<IconRefresh size={18} aria-hidden />} onClick={confirm}>
              {t('webhooks.rotateConfirm.confirm')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
