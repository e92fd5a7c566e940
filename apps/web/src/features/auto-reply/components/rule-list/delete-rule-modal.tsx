import { Button, Group, Modal, Text } from '@mantine/core';
import type { AutoReplyRule } from '@switchboard/contract';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t: tCommon } = useTranslation();
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
    <Modal
      opened={rule !== null}
      onClose={onClose}
      title={rule ? t('delete.title', { name: rule.name }) : ''}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
    >
      <Text size="sm">{t('delete.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {tCommon('cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => rule && confirm(rule)}
        >
          {t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
