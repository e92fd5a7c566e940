import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** What deleting it does, in a sentence. */
  text: string;
  confirmLabel: string;
  /** The deletion is under way (the button spins). */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete …?" with what it means, Cancel and a red Delete (a contact, a list). */
export function ConfirmDeleteModal(props: ConfirmDeleteModalProps) {
  const { opened, title, text, confirmLabel, pending, onCancel, onConfirm } = props;
  const { t: tCommon } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      centered
    >
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {tCommon('cancel')}
        </Button>
        <Button color="red" loading={pending} leftSection={<IconTrash size={16} aria-hidden />} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
