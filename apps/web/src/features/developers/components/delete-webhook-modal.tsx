import { Button, Group, Modal, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolateLtr } from '../../../lib/isolate';
import { useDeleteWebhook } from '../api/use-delete-webhook';
import { useDevelopersText } from '../developers-text';
import { useDevelopersNotifications } from '../hooks/use-developers-notifications';

interface DeleteWebhookModalProps {
  /** The endpoint to delete; null keeps the dialog closed. */
  webhook: WebhookEndpoint | null;
  onClose: () => void;
}

/** Asks before deleting: the endpoint's log goes with it. */
export function DeleteWebhookModal({ webhook, onClose }: DeleteWebhookModalProps) {
  const t = useDevelopersText();
  const { t: tCommon } = useTranslation();
  const notify = useDevelopersNotifications();
  const remove = useDeleteWebhook();

  const confirm = (target: WebhookEndpoint) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        notify.success(t('webhooks.deleteConfirm.done'));
        onClose();
      },
      onError: notify.failure,
    });

  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={t('webhooks.deleteConfirm.title')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <Text size="sm">{t('webhooks.deleteConfirm.text', { url: isolateLtr(webhook?.url ?? '') })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {tCommon('cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => webhook && confirm(webhook)}
        >
          {t('webhooks.deleteConfirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
