import type { WebhookEndpoint } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
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
    <ConfirmModal
      opened={webhook !== null}
      onClose={onClose}
      title={t('webhooks.deleteConfirm.title')}
      text={t('webhooks.deleteConfirm.text', { url: isolateLtr(webhook?.url ?? '') })}
      confirmLabel={t('webhooks.deleteConfirm.confirm')}
      icon={<IconTrash size={18} aria-hidden />}
      loading={remove.isPending}
      onConfirm={() => webhook && confirm(webhook)}
    />
  );
}
