import type { AutoReplyRule } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../../components/confirm-modal';
import { useDeleteRule } from '../../api/use-delete-rule';
import { useAutoReplyText } from '../../auto-reply-text';
import { useAutoReplyNotifications } from '../../hooks/use-auto-reply-notifications';

interface DeleteRuleModalProps {
  /** The rule to delete; null keeps the dialog closed. */
  rule: AutoReplyRule | null;
  onClose: () => void;
}

/** Asks before deleting: a deleted rule cannot be brought back. */
export function DeleteRuleModal({ rule, onClose }: DeleteRuleModalProps) {
  const t = useAutoReplyText();
  const notify = useAutoReplyNotifications();
  const remove = useDeleteRule();

  const confirm = (target: AutoReplyRule) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        notify.success(t('delete.deleted', { name: target.name }));
        onClose();
      },
      onError: notify.failure,
    });

  return (
    <ConfirmModal
      opened={rule !== null}
      onClose={onClose}
      title={rule ? t('delete.title', { name: rule.name }) : ''}
      text={t('delete.text')}
      confirmLabel={t('delete.confirm')}
      icon={<IconTrash size={18} aria-hidden />}
      loading={remove.isPending}
      onConfirm={() => rule && confirm(rule)}
    />
  );
}
